// The shell's server bundle (dist/server/index.cjs): the same App the browser hydrates, rendered
// to HTML around the public remote's PublicApp, which the gateway hands in.
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, type BootData, type PublicAppProps } from './App';
import { rememberRemote } from './mf/loaded-remotes';

export type { BootData };

/** Renders the page at `url` (path and query) to the HTML that goes inside #root. */
export function renderPage(url: string, boot: BootData, PublicApp: ComponentType<PublicAppProps>): string {
  rememberRemote('public', './PublicApp', { default: PublicApp });
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App boot={boot} />
      </StaticRouter>
    </StrictMode>,
  );
}
