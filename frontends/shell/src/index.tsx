import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { isAdminPath } from './ads/ad-paths';
import { loadRemoteModule } from './mf/remotes';
import './global.css';

// Start fetching the page's remote while the settings load.
if (!isAdminPath(window.location.pathname)) void loadRemoteModule('public', './PublicApp').catch(() => {});

const root = document.getElementById('root');
if (root) {
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
