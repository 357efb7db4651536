import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComponentType } from 'react';
import type { HeaderCategory, Settings } from '@coinmag/contracts';
import type { PageMetaInput } from '@coinmag/rules';
import type { Logger } from '@coinmag/service-kit';

/** What the shell's server bundle (frontends/shell/src/server.tsx), a federation host, exports. */
export interface ShellServer {
  renderPage(url: string, boot: BootData, PublicApp: ComponentType<never>): string;
  loadRemoteServer<T>(name: string, entry: string, exposed: string): Promise<T>;
}

/** What the public remote's server container exposes as `./server` (frontends/public/src/server.tsx). */
export interface PublicServer {
  PublicApp: ComponentType<never>;
  /** The page at a URL: its status, head, data, and the redirect of an old slug, read with the request's reader. */
  answerUrl(request: PageRequest): Promise<PageAnswer>;
}

/** A GET of a public API path as a fetch Response (ContentClient.response: through the gateway's cache). */
export type ApiReader = (path: string, signal?: AbortSignal) => Promise<Response>;

/** What the gateway asks the public remote for (its `PageRequest`): the reader is this render's, never kept by the remote. */
export interface PageRequest {
  pathname: string;
  search: string;
  settings: Settings;
  read: ApiReader;
  signal: AbortSignal;
}

/** The public remote's answer for a URL (its `PageAnswer`). */
export interface PageAnswer {
  status: number;
  head: Omit<PageMetaInput, 'origin'>;
  /** With `status` 301 (an old slug, another spelling of a tag) or 302 (a preview of what is now published). */
  redirect?: string;
  /** A preview link's page: never cached, never indexed. */
  private?: true;
  data: { key: string; state: unknown } | null;
  lcpImage: { src: string; sizes: string } | null;
  /** What the page depends on besides articles, categories and settings (cache-protocol.ts), so the page is dropped when one changes. */
  deps?: string[];
}

export interface BootData {
  settings: Settings;
  headerCategories: HeaderCategory[] | null;
  page: { key: string; state: unknown } | null;
}

export interface ServerBundles {
  shell: ShellServer;
  publicRemote: PublicServer;
}

/** Where the public remote's server container is. */
export type PublicServerSource =
  /** Built beside the gateway: frontends/public/dist, its container at server/remoteEntry.js. */
  | { dist: string }
  /** Deployed elsewhere (MF_PUBLIC_ENTRY): its server container's URL. */
  | { url: string }
  /** Nowhere to load it from (the reason is logged). */
  | { problem: string };

export const PUBLIC_CONTAINER = { name: 'coinmag_public', exposes: './server' } as const;

/** The server container beside a remote's browser entry: `<dir of remoteEntry.js>/server/remoteEntry.js`. */
export function serverEntryBeside(browserEntry: string): string {
  return new URL('server/remoteEntry.js', browserEntry).href;
}

const require = createRequire(import.meta.url);

export interface LoaderTiming {
  /** How long loading the remote over HTTP may take. */
  loadTimeoutMs: number;
  /** After a failed load of a remote over HTTP, the next try waits this long. */
  retryMs: number;
  /** How often a remote over HTTP is checked for a new deployment. */
  refreshMs: number;
}

const DEFAULT_TIMING: LoaderTiming = { loadTimeoutMs: 5_000, retryMs: 30_000, refreshMs: 5 * 60_000 };

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Loaded {
  key: string;
  bundles: ServerBundles | null;
  /** When it was loaded (or last found unchanged). */
  at: number;
  /** Digest of the remote's server entry over HTTP, to notice a new deployment. */
  entryHash: string | null;
}

/**
 * Loads the shell's server bundle (a Module Federation host, dist/server/index.cjs) and, through it,
 * the public remote's server container: from the disk when the remote is built here, over HTTP
 * beside MF_PUBLIC_ENTRY when it is deployed elsewhere. null (logged once per cause) when either
 * cannot be loaded: pages are then rendered in the browser. A rebuilt bundle is picked up without a
 * restart; a remote over HTTP is tried again a while after a failure and checked now and then for a
 * new deployment (swapped in only once it has loaded).
 */
export class ServerBundleLoader {
  private loaded: Loaded | null = null;
  /** The shell's bundle is required again only when it is rebuilt (each copy is a federation host). */
  private shell: { mtimeMs: number; module: ShellServer } | null = null;
  private loading: Promise<Loaded> | null = null;
  private refreshing = false;
  private lastProblem = '';
  private attempt = 0;
  private readonly timing: LoaderTiming;

  constructor(
    private readonly shellDist: string,
    private readonly publicSource: PublicServerSource,
    private readonly log: Logger,
    timing: Partial<LoaderTiming> = {},
  ) {
    this.timing = { ...DEFAULT_TIMING, ...timing };
  }

  private get remoteWhere(): string {
    if ('problem' in this.publicSource) return '';
    return 'url' in this.publicSource ? this.publicSource.url : join(this.publicSource.dist, 'server', 'remoteEntry.js');
  }

  private report(problem: string, err?: unknown) {
    if (problem === this.lastProblem) return;
    this.lastProblem = problem;
    this.log.warn({ err }, `server rendering off: ${problem}; public pages render in the browser`);
  }

  async get(): Promise<ServerBundles | null> {
    if ('problem' in this.publicSource) {
      this.report(this.publicSource.problem);
      return null;
    }
    const shellFile = join(this.shellDist, 'server', 'index.cjs');
    const shellInfo = await stat(shellFile).catch(() => null);
    if (!shellInfo) {
      this.report(`no server bundle at ${shellFile}`);
      return null;
    }
    let key = String(shellInfo.mtimeMs);
    if ('dist' in this.publicSource) {
      const entryInfo = await stat(this.remoteWhere).catch(() => null);
      if (!entryInfo) {
        this.report(`no server container at ${this.remoteWhere}`);
        return null;
      }
      key += `:${entryInfo.mtimeMs}`;
      if (this.loaded?.key === key) return this.loaded.bundles;
    } else if (this.loaded?.key === key) {
      const age = Date.now() - this.loaded.at;
      if (this.loaded.bundles) {
        if (age >= this.timing.refreshMs) this.refresh(shellFile, key);
        return this.loaded.bundles;
      }
      if (age < this.timing.retryMs) return null;
    }
    this.loading ??= this.load(shellFile, key)
      .then((loaded) => (this.loaded = loaded))
      .finally(() => {
        this.loading = null;
      });
    return (await this.loading).bundles;
  }

  private async load(shellFile: string, key: string): Promise<Loaded> {
    try {
      const shell = await this.shellBundle(shellFile, Number(key.split(':')[0]));
      // Each attempt its own entry URL: the federation runtime remembers a failed one.
      this.attempt += 1;
      let entryHash: string | null = null;
      let publicRemote: PublicServer;
      if ('dist' in this.publicSource) {
        const entry = `${pathToFileURL(this.remoteWhere).href}?v=${this.attempt}`;
        publicRemote = await shell.loadRemoteServer<PublicServer>(PUBLIC_CONTAINER.name, entry, PUBLIC_CONTAINER.exposes);
      } else if ('url' in this.publicSource) {
        entryHash = await this.entryHash();
        const entry = new URL(this.publicSource.url);
        entry.searchParams.set('v', String(this.attempt));
        const loading = shell.loadRemoteServer<PublicServer>(PUBLIC_CONTAINER.name, entry.href, PUBLIC_CONTAINER.exposes);
        publicRemote = await withTimeout(loading, this.timing.loadTimeoutMs, `loading ${this.publicSource.url}`);
      } else {
        throw new Error(this.publicSource.problem);
      }
      // A remote built before answerUrl (it took its reader once, globally) is not used: its pages render in the browser.
      if (typeof publicRemote.answerUrl !== 'function') throw new Error('the public server container has unexpected exports');
      this.lastProblem = '';
      this.log.info({ remote: this.remoteWhere }, 'server rendering on');
      return { key, bundles: { shell, publicRemote }, at: Date.now(), entryHash };
    } catch (err) {
      this.report(`the server code could not be loaded (shell ${shellFile}, public remote ${this.remoteWhere})`, err);
      return { key, bundles: null, at: Date.now(), entryHash: null };
    }
  }

  private async shellBundle(file: string, mtimeMs: number): Promise<ShellServer> {
    if (this.shell?.mtimeMs === mtimeMs) return this.shell.module;
    delete require.cache[require.resolve(file)];
    const module = (await require(file)) as ShellServer;
    if (typeof module.renderPage !== 'function' || typeof module.loadRemoteServer !== 'function') throw new Error('the shell server bundle has unexpected exports');
    this.shell = { mtimeMs, module };
    return module;
  }

  /** A digest of the remote's server entry over HTTP. */
  private async entryHash(): Promise<string> {
    const url = 'url' in this.publicSource ? this.publicSource.url : '';
    const res = await fetch(url, { signal: AbortSignal.timeout(this.timing.loadTimeoutMs), cache: 'no-store' });
    if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
    return createHash('sha256').update(Buffer.from(await res.arrayBuffer())).digest('hex');
  }

  /** Checks the remote over HTTP for a new deployment; loads it beside the one in use and swaps only once it works. */
  private refresh(shellFile: string, key: string) {
    const current = this.loaded;
    if (!current || this.refreshing) return;
    this.refreshing = true;
    current.at = Date.now();
    void (async () => {
      const hash = await this.entryHash().catch(() => current.entryHash);
      if (hash === current.entryHash) return;
      const next = await this.load(shellFile, key);
      if (next.bundles && this.loaded === current) this.loaded = next;
    })().finally(() => {
      this.refreshing = false;
    });
  }
}
