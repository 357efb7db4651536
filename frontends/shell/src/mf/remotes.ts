import { getInstance } from '@module-federation/enhanced/runtime';

/** What GET /mf/manifest.json answers: alias → remote container name and entry URL. */
export interface RemoteManifestEntry {
  name: string;
  entry: string;
}
export type RemoteManifest = Record<string, RemoteManifestEntry | undefined>;

export type RemoteAlias = 'public' | 'admin';

let manifestRequest: Promise<RemoteManifest> | null = null;
const registered = new Set<string>();

/** The manifest the gateway wrote into the page, which saves a round trip on the first load. */
function inlineManifest(): RemoteManifest | null {
  const node = document.getElementById('coinmag-mf-manifest');
  if (!node?.textContent) return null;
  try {
    return JSON.parse(node.textContent) as RemoteManifest;
  } catch {
    return null;
  }
}

function fetchManifest(useInline: boolean): Promise<RemoteManifest> {
  const inline = useInline ? inlineManifest() : null;
  if (inline) return Promise.resolve(inline);
  manifestRequest ??= fetch('/mf/manifest.json', { cache: 'no-cache' })
    .then((res) => {
      if (!res.ok) throw new Error(`manifest HTTP ${res.status}`);
      return res.json() as Promise<RemoteManifest>;
    })
    .catch((err: unknown) => {
      manifestRequest = null;
      throw err;
    });
  return manifestRequest;
}

/**
 * Loads `exposed` from the remote the manifest names for `alias`. With `retry`, the
 * manifest is fetched again and the remote re-registered so a failed entry is not reused.
 */
const pending = new Map<string, Promise<unknown>>();

export function loadRemoteModule<T>(alias: RemoteAlias, exposed: string, retry = false): Promise<T> {
  const key = `${alias}:${exposed}`;
  if (retry) pending.delete(key);
  let request = pending.get(key) as Promise<T> | undefined;
  if (!request) {
    request = fetchRemoteModule<T>(alias, exposed, retry);
    request.catch(() => pending.delete(key));
    pending.set(key, request);
  }
  return request;
}

async function fetchRemoteModule<T>(alias: RemoteAlias, exposed: string, retry: boolean): Promise<T> {
  if (retry) manifestRequest = null;
  const manifest = await fetchManifest(!retry);
  const remote = manifest[alias];
  if (!remote) throw new Error(`remote ${alias} is not in the manifest`);
  const federation = getInstance();
  if (!federation) throw new Error('module federation runtime is not initialised');
  if (retry || !registered.has(remote.name)) {
    federation.registerRemotes([{ name: remote.name, alias, entry: remote.entry }], { force: registered.has(remote.name) });
    registered.add(remote.name);
  }
  const module = await federation.loadRemote<T>(`${remote.name}/${exposed.replace(/^\.\//, '')}`);
  if (!module) throw new Error(`remote ${alias} returned nothing for ${exposed}`);
  return module;
}
