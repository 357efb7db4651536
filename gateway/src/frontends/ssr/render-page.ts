import type { HeaderCategory, Settings } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { BootData, ServerBundleLoader } from './server-bundles.js';

export interface RenderedPage {
  /** What goes inside #root. */
  html: string;
  /** Embedded in the page for hydration. */
  boot: BootData;
  status: number;
}

export interface RenderInput {
  pathname: string;
  search: string;
  settings: Settings;
  headerCategories: HeaderCategory[] | null;
}

/**
 * Renders a public page on the server with the shell's and the public remote's server code:
 * the page's data loaded by the remote's own loaders, then the shell's App around PublicApp.
 * null when it cannot (no bundles, a render error): the page is then rendered in the browser.
 */
export class PageRenderer {
  constructor(
    private readonly bundles: ServerBundleLoader,
    private readonly log: Logger,
    private readonly timeoutMs = 3_000,
  ) {}

  async render({ pathname, search, settings, headerCategories }: RenderInput): Promise<RenderedPage | null> {
    const bundles = await this.bundles.get();
    if (!bundles) return null;
    try {
      const page = await bundles.publicRemote.loadPageData(pathname, search, AbortSignal.timeout(this.timeoutMs));
      const boot: BootData = { settings, headerCategories, page: page.data };
      const html = bundles.shell.renderPage(`${pathname}${search}`, boot, bundles.publicRemote.PublicApp);
      return { html, boot, status: page.status };
    } catch (err) {
      this.log.error({ err, path: pathname }, 'server rendering failed; the page renders in the browser');
      return null;
    }
  }
}
