import type { AssetFolder } from './static-assets.js';

/** The remotes the shell may load: manifest key → container name (the `name` in each remote's webpack config). */
export const REMOTES = {
  // islands and island-scripts: what a server-rendered page brings to life (docs/adr/0011-islands.md);
  // PublicApp: the whole app, after the reader's first move.
  public: { name: 'coinmag_public', exposes: './PublicApp', islands: './islands', islandScripts: './island-scripts' },
  admin: { name: 'coinmag_admin', exposes: './AdminApp' },
} as const;
export type RemoteKey = keyof typeof REMOTES;

/** Where each remote's entry is, as /mf/manifest.json and every page's embedded manifest say. */
export type RemoteManifest = Record<string, { name: string; entry: string }>;

/** The remotes' entries: served here (versioned by content) unless moved elsewhere. */
export async function remoteManifest(folders: Record<RemoteKey, AssetFolder>, overrides: Partial<Record<RemoteKey, string>> | undefined): Promise<RemoteManifest> {
  const entries: RemoteManifest = {};
  for (const key of Object.keys(REMOTES) as RemoteKey[]) {
    const override = overrides?.[key];
    const version = override ? null : await folders[key].versionOf('remoteEntry.js');
    entries[key] = { name: REMOTES[key].name, entry: override ?? `/mf/${key}/remoteEntry.js${version ? `?v=${version}` : ''}` };
  }
  return entries;
}
