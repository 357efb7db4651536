import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { ComponentType } from 'react';
import type { HeaderCategory, Settings } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';

/** What the shell's server bundle (frontends/shell/src/server.tsx) exports. */
export interface ShellServer {
  renderPage(url: string, boot: BootData, PublicApp: ComponentType<never>): string;
}

/** What the public remote's server bundle (frontends/public/src/server.tsx) exports. */
export interface PublicServer {
  PublicApp: ComponentType<never>;
  setApiBase(base: string): void;
  loadPageData(pathname: string, search: string, signal: AbortSignal): Promise<{ data: { key: string; state: unknown } | null; status: number }>;
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

const require = createRequire(import.meta.url);

/**
 * Loads the server bundles the frontends' builds write to dist/server/index.cjs, again after a
 * rebuild. null (logged once per cause) when one is missing or broken: pages are then rendered
 * in the browser, as before server rendering.
 */
export class ServerBundleLoader {
  private loaded: { key: string; bundles: ServerBundles | null } | null = null;
  private lastProblem = '';

  constructor(
    private readonly shellDist: string,
    /** null: the public remote is deployed elsewhere (MF_PUBLIC_ENTRY), so its server code is not here. */
    private readonly publicDist: string | null,
    private readonly apiBase: string,
    private readonly log: Logger,
  ) {}

  private report(problem: string, err?: unknown) {
    if (problem === this.lastProblem) return;
    this.lastProblem = problem;
    this.log.warn({ err }, `server rendering off: ${problem}; public pages render in the browser`);
  }

  async get(): Promise<ServerBundles | null> {
    if (!this.publicDist) {
      this.report('the public remote is served from MF_PUBLIC_ENTRY');
      return null;
    }
    const shellFile = join(this.shellDist, 'server', 'index.cjs');
    const publicFile = join(this.publicDist, 'server', 'index.cjs');
    const [shellInfo, publicInfo] = await Promise.all([stat(shellFile).catch(() => null), stat(publicFile).catch(() => null)]);
    if (!shellInfo || !publicInfo) {
      this.report(`no server bundle at ${!shellInfo ? shellFile : publicFile}`);
      return null;
    }
    const key = `${shellInfo.mtimeMs}:${publicInfo.mtimeMs}`;
    if (this.loaded?.key === key) return this.loaded.bundles;
    let bundles: ServerBundles | null = null;
    try {
      for (const file of [shellFile, publicFile]) delete require.cache[require.resolve(file)];
      const shell = require(shellFile) as ShellServer;
      const publicRemote = require(publicFile) as PublicServer;
      if (typeof shell.renderPage !== 'function' || typeof publicRemote.loadPageData !== 'function') throw new Error('unexpected exports');
      publicRemote.setApiBase(this.apiBase);
      bundles = { shell, publicRemote };
      this.lastProblem = '';
      this.log.info('server rendering on');
    } catch (err) {
      this.report('a server bundle failed to load', err);
    }
    this.loaded = { key, bundles };
    return bundles;
  }
}
