import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CSP_NONCE_ATTRIBUTE } from '../csp/nonce.js';

interface ExposeAssets {
  name: string;
  assets: { js: { sync: string[] } };
}

/**
 * <link rel="preload"> hints so the browser fetches, in parallel with the shell, what it
 * would otherwise discover one step at a time: the shell's shared chunks and the chunks of
 * the public remote's exposed module (from the mf-manifest.json that remote's build writes).
 */
export class PreloadHints {
  private cached: { key: string; links: string[] } | null = null;

  constructor(
    private readonly shellDist: string,
    private readonly publicDist: string | null,
    private readonly exposedName: string,
  ) {}

  private async mtime(file: string): Promise<number> {
    return (await stat(file).catch(() => null))?.mtimeMs ?? 0;
  }

  async links(): Promise<string[]> {
    return (await this.load()).links;
  }

  private async load(): Promise<{ links: string[] }> {
    const publicManifest = this.publicDist ? join(this.publicDist, 'mf-manifest.json') : null;
    const key = `${await this.mtime(join(this.shellDist, 'index.html'))}:${publicManifest ? await this.mtime(publicManifest) : 0}`;
    if (this.cached?.key === key) return this.cached;
    const links: string[] = [];
    const shellFiles = await readdir(this.shellDist).catch(() => [] as string[]);
    for (const file of shellFiles) if (/\.[0-9a-f]{10}\.js$/.test(file) && !file.startsWith('main.')) links.push(`<link rel="preload" as="script" href="/mf/shell/${file}" ${CSP_NONCE_ATTRIBUTE}>`);
    try {
      if (!publicManifest) throw new Error('public remote served elsewhere');
      const manifest = JSON.parse(await readFile(publicManifest, 'utf8')) as { exposes?: ExposeAssets[] };
      const exposed = manifest.exposes?.find((entry) => entry.name === this.exposedName);
      for (const file of exposed?.assets.js.sync ?? []) links.push(`<link rel="preload" as="script" href="/mf/public/${file}" ${CSP_NONCE_ATTRIBUTE}>`);
    } catch {
      // No manifest (an older build): the browser finds the chunks itself.
    }
    this.cached = { key, links };
    return this.cached;
  }
}
