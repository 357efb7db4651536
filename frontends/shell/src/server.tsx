// The shell's server bundle (dist/server/index.cjs), a Module Federation host: it loads the public
// remote's server container and renders the same App the browser hydrates, around its PublicApp.
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { getInstance } from '@module-federation/enhanced/runtime';
import { App, type BootData, type PublicAppProps } from './App';
import { rememberRemote } from './mf/loaded-remotes';

export type { BootData };

/**
 * Loads `exposed` from the remote container `name` at `entry` (a `file:` URL or an HTTP URL).
 * Each call registers the remote afresh, so a rebuilt or redeployed remote is picked up; the caller
 * gives each attempt its own entry URL (the runtime remembers a failed one).
 */
export async function loadRemoteServer<T>(name: string, entry: string, exposed: string): Promise<T> {
  const federation = getInstance();
  if (!federation) throw new Error('module federation runtime is not initialised');
  // The runtime would reuse a container left in the global by an earlier load.
  delete (globalThis as Record<string, unknown>)[name];
  // An earlier load's registration is taken down first: overriding it (force) does the same and
  // prints a plain-text "already registered" warning on every reload, outside the gateway's log.
  // removeRemote is not in the runtime's typings; without it, force still replaces the remote.
  const handler = federation.remoteHandler as unknown as { removeRemote?: (remote: unknown) => void };
  const registered = federation.options.remotes.find((remote) => remote.name === name);
  if (registered && typeof handler.removeRemote === 'function') handler.removeRemote(registered);
  federation.registerRemotes([{ name, entry }], { force: true });
  const module = await federation.loadRemote<T>(`${name}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`remote ${name} returned nothing for ${exposed} from ${entry}`);
  return module;
}

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
