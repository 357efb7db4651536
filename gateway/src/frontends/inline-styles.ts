import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '@coinmag/service-kit';
import { escapeHtml } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE } from '../csp/nonce.js';

/**
 * The frontends' CSS is small (shell and public remote together about 3.7 KB compressed), so a
 * page carries all of it in <style> elements instead of linking it: no stylesheet blocks the first
 * paint, and a page rendered on the server is styled before any script runs.
 *
 * Each element names its file in `data-href`, as mini-css-extract-plugin's chunk loader looks for
 * it: when the public remote's script loads its CSS chunk, it finds the element and fetches nothing.
 */
export function styleElement(file: string, css: string): string {
  // Only `</style` could end the element early; `<\/style` means the same inside CSS strings.
  return `<style ${CSP_NONCE_ATTRIBUTE} data-href="${escapeHtml(file)}">${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
}

const STYLESHEET_LINK = /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="\/mf\/shell\/([\w.-]+\.css)"[^>]*>/g;

/** The shell's template with its own stylesheet links (written by HtmlWebpackPlugin) replaced by their CSS. */
export async function inlineShellStylesheets(html: string, shellDist: string): Promise<string> {
  const files = [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]!);
  const css = new Map<string, string>();
  for (const file of files) {
    const text = await readFile(join(shellDist, file), 'utf8').catch(() => null);
    if (text !== null) css.set(file, text);
  }
  // A file that cannot be read keeps its link: styled late beats unstyled.
  return html.replace(STYLESHEET_LINK, (link, file: string) => (css.has(file) ? styleElement(file, css.get(file)!) : link));
}

interface ExposeAssets {
  name: string;
  assets: { css: { sync: string[] } };
}

/** Where the public remote's build is: this gateway's disk, or beside its remoteEntry.js elsewhere (MF_PUBLIC_ENTRY). */
export type RemoteStyleSource = { dist: string } | { entry: string };

export interface RemoteStylesTiming {
  /** How long a fetch from a remote deployed elsewhere may take. */
  fetchTimeoutMs: number;
  /** How long fetched CSS is used before it is fetched again (the remote may be redeployed). */
  refreshMs: number;
}

/**
 * The <style> elements of the public remote's exposed module (its mf-manifest.json lists the CSS),
 * read from the disk or fetched beside the remote's entry; '' when there is none or it cannot be
 * read (the remote's script then links its CSS itself, as before).
 */
export class RemoteStyles {
  private cached: { key: string; html: string; at: number } | null = null;
  private refreshing: Promise<string> | null = null;
  private readonly timing: RemoteStylesTiming;

  constructor(
    private readonly source: RemoteStyleSource,
    private readonly exposedName: string,
    private readonly log: Logger,
    timing: Partial<RemoteStylesTiming> = {},
    /** Other exposed modules whose CSS is a part of the first one's (the islands): named as present, not inlined again. */
    private readonly coveredNames: string[] = [],
  ) {
    this.timing = { fetchTimeoutMs: 1_500, refreshMs: 60_000, ...timing };
  }

  async html(): Promise<string> {
    if ('dist' in this.source) return this.fromDisk(this.source.dist);
    const cached = this.cached;
    if (cached && Date.now() - cached.at < this.timing.refreshMs) return cached.html;
    this.refreshing ??= this.fetchRemote(this.source.entry).finally(() => {
      this.refreshing = null;
    });
    // Stale CSS is served while it is fetched again; only the very first page waits for it.
    return cached ? cached.html : this.refreshing;
  }

  private async fromDisk(dist: string): Promise<string> {
    const manifest = join(dist, 'mf-manifest.json');
    const key = String((await stat(manifest).catch(() => null))?.mtimeMs ?? 0);
    if (this.cached?.key === key) return this.cached.html;
    const read = async (file: string) => readFile(join(dist, file), 'utf8');
    const html = await this.collect(() => readFile(manifest, 'utf8'), read).catch(() => '');
    this.cached = { key, html, at: Date.now() };
    return html;
  }

  private async fetchRemote(entry: string): Promise<string> {
    const get = async (file: string) => {
      const res = await fetch(new URL(file, entry), { signal: AbortSignal.timeout(this.timing.fetchTimeoutMs) });
      if (!res.ok) throw new Error(`${res.status} for ${new URL(file, entry).href}`);
      return res.text();
    };
    try {
      const html = await this.collect(() => get('mf-manifest.json'), get);
      this.cached = { key: entry, html, at: Date.now() };
      return html;
    } catch (err) {
      this.log.warn({ err, entry }, "the public remote's CSS could not be fetched; its script links it instead");
      // Try again after the refresh interval, keeping what was fetched before.
      this.cached = { key: entry, html: this.cached?.html ?? '', at: Date.now() };
      return this.cached.html;
    }
  }

  private async collect(manifest: () => Promise<string>, read: (file: string) => Promise<string>): Promise<string> {
    const parsed = JSON.parse(await manifest()) as { exposes?: ExposeAssets[] };
    const cssOf = (name: string) => parsed.exposes?.find((entry) => entry.name === name)?.assets.css.sync ?? [];
    const files = cssOf(this.exposedName);
    const styles = await Promise.all(files.map(async (file) => styleElement(file, await read(file))));
    // An empty element under the covered file's name: its chunk loader finds it and fetches nothing.
    const covered = this.coveredNames.flatMap(cssOf).filter((file) => !files.includes(file));
    return styles.join('') + [...new Set(covered)].map((file) => styleElement(file, '')).join('');
  }
}
