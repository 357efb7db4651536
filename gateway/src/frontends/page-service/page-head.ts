import { DEFAULT_SETTINGS, variantSrcset, type Settings } from '@coinmag/contracts';
import { buildPageHead, escapeHtml, jsonForScript, renderPageHead, type PageMetaInput } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE } from '../../csp/nonce.js';
import { deferScriptsUntilFirstImage } from '../deferred-boot.js';
import type { RemoteManifest } from '../remote-manifest.js';
import type { BootData, PageAnswer } from '../ssr/server-bundles.js';

/** The back office's head: one title for every admin path, never indexed. */
function adminHead(path: string): Omit<PageMetaInput, 'origin'> {
  return { siteTitle: DEFAULT_SETTINGS.site_title, title: '管理後台', description: DEFAULT_SETTINGS.site_description, path, noIndex: true };
}

function imagePreload(src: string, sizes: string): string {
  const srcset = variantSrcset(src);
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(src)}"${responsive} fetchpriority="high">`;
}

function heroImage(src: string, sizes: string): string {
  const srcset = variantSrcset(src);
  const responsive = srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${escapeHtml(sizes)}"` : '';
  return `<div class="boot-hero"><img src="${escapeHtml(src)}"${responsive} width="1200" height="630" alt="" fetchpriority="high"></div>`;
}

/** Everything a page is written from. */
export interface PageParts {
  /** The shell's template (page-service/shell-template.ts). */
  template: string;
  origin: string;
  path: string;
  /** A back-office page: its fixed head, no settings, no public remote. */
  admin: boolean;
  settings: Settings | null;
  /** The public remote's answer (status, head, largest image); undefined without server rendering. */
  answer: PageAnswer | undefined;
  /** The server-rendered body and the data it was rendered with; null when the browser renders the page. */
  rendered: { html: string; boot: BootData } | null;
  remotes: RemoteManifest;
  /** The public remote's scripts the page loads (its entry, its exposed module's chunks). */
  scriptPreloads: string[];
  /** The public remote's stylesheet links ('' for the back office). */
  remoteStyles: string;
}

/**
 * The page's HTML: the template with the head (the remote's or the site's, the manifest, the
 * settings, the largest image's preload, the remote's styles) and the body (the rendering and its
 * boot data, or the loading bar). It keeps its nonce placeholders (template and head), so it is
 * cached so and each response fills in its own nonce. The rendered body cannot hold the
 * placeholder's attribute form: React escapes quotes in text, the embedded JSON escapes them, and
 * the sanitiser drops nonce attributes.
 */
export function writePage({ template, origin, path, admin, settings, answer, rendered, remotes, scriptPreloads, remoteStyles }: PageParts): Buffer {
  const input = admin ? adminHead(path) : (answer?.head ?? { siteTitle: settings?.site_title || DEFAULT_SETTINGS.site_title, description: settings?.site_description || DEFAULT_SETTINGS.site_description, path });
  const lcpImage = answer?.lcpImage;
  const extras = [
    `<script id="coinmag-mf-manifest" type="application/json">${jsonForScript(remotes)}</script>`,
    settings ? `<script id="coinmag-settings" type="application/json">${jsonForScript(settings)}</script>` : '',
    lcpImage ? imagePreload(lcpImage.src, lcpImage.sizes) : '',
    remoteStyles,
    // A rendered page fetches its scripts after its first image (deferred-boot.ts); others at once.
    ...(rendered ? [] : scriptPreloads.map((url) => `<link rel="preload" as="script" href="${escapeHtml(url)}" ${CSP_NONCE_ATTRIBUTE}>`)),
  ].filter(Boolean);
  const head = renderPageHead(buildPageHead({ ...input, origin }));
  // Without server rendering, the home page's hero image is still painted from the HTML, before any script has run.
  const hero = !rendered && path === '/' && lcpImage ? heroImage(lcpImage.src, lcpImage.sizes) : '';
  const root = rendered
    ? `${rendered.html}<script id="coinmag-boot" type="application/json">${jsonForScript(rendered.boot)}</script>`
    : `<div class="boot-bar"></div>${hero}<p class="boot-text" role="status">載入內容中…</p>`;
  return Buffer.from(
    (rendered ? deferScriptsUntilFirstImage(template, scriptPreloads) : template)
      .replace('<!--app-head-->', () => `${head}\n${extras.join('\n')}`)
      .replace('<!--app-root-->', () => root)
      .replace('<!--app-boot-->', () => hero),
  );
}
