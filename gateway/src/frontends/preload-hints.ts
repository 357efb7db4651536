import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

interface ExposeAssets {
  name: string;
  assets: { js: { sync: string[] } };
}

/**
 * The script URLs to preload so the browser fetches, in parallel with the shell, what it
 * would otherwise discover one step at a time: the chunks of the public remote's exposed module
 * (its island scripts, which run at once, the view beacon; from the mf-manifest.json that remote's
 * build writes). React and the islands it hydrates are not: most pages hydrate them only when the
 * reader reaches for one.
 */
export class PreloadHints {
  private cached: { key: string; urls: string[] } | null = null;

  constructor(
    private readonly shellDist: string,
    private readonly publicDist: string | null,
    private readonly exposedName: string,
  ) {}

  private async mtime(file: string): Promise<number> {
    return (await stat(file).catch(() => null))?.mtimeMs ?? 0;
  }

  /** The chunks' URLs, in the order they are worth fetching. */
  async urls(): Promise<string[]> {
    return (await this.load()).urls;
  }

  private async load(): Promise<{ urls: string[] }> {
    const publicManifest = this.publicDist ? join(this.publicDist, 'mf-manifest.json') : null;
    const key = `${await this.mtime(join(this.shellDist, 'index.html'))}:${publicManifest ? await this.mtime(publicManifest) : 0}`;
    if (this.cached?.key === key) return this.cached;
    // The shell's own chunks are not preloaded: its shared modules (react-dom, the router, zustand)
    // are not all needed by a page of islands, and the runtime asks for the ones it needs at once.
    const urls: string[] = [];
    try {
      if (!publicManifest) throw new Error('public remote served elsewhere');
      const manifest = JSON.parse(await readFile(publicManifest, 'utf8')) as { exposes?: ExposeAssets[] };
      const exposed = manifest.exposes?.find((entry) => entry.name === this.exposedName);
      for (const file of exposed?.assets.js.sync ?? []) urls.push(`/mf/public/${file}`);
    } catch {
      // No manifest (an older build): the browser finds the chunks itself.
    }
    this.cached = { key, urls };
    return this.cached;
  }
}
