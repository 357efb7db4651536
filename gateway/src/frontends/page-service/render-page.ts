import type { HeaderCategory, Settings } from '@coinmag/contracts';
import type { Logger } from '@coinmag/service-kit';
import type { ApiReader, BootData, PageAnswer, ServerBundleLoader } from '../ssr/server-bundles.js';

export interface ServerPage {
  /** The public remote's answer: status, head, data, redirect. */
  answer: PageAnswer;
  /** What goes inside #root; null for a redirect, or when the render failed (the browser renders it). */
  html: string | null;
  /** Embedded in the page for hydration. */
  boot: BootData;
}

export interface RenderInput {
  pathname: string;
  search: string;
  settings: Settings;
  headerCategories: HeaderCategory[] | null;
}

/**
 * Renders a public page on the server with the shell's and the public remote's server code: the
 * remote answers the URL (its data read by its own loaders with the reader given for this render,
 * its status and head), then the shell's App is rendered around PublicApp. null when the remote
 * cannot answer (no bundles, an error): the page is then rendered in the browser.
 */
export class PageRenderer {
  constructor(
    private readonly bundles: ServerBundleLoader,
    /** How a render's loaders read the API: through the gateway's cache of API answers. */
    private readonly read: ApiReader,
    private readonly log: Logger,
    private readonly timeoutMs = 3_000,
  ) {}

  async render({ pathname, search, settings, headerCategories }: RenderInput): Promise<ServerPage | null> {
    const bundles = await this.bundles.get();
    if (!bundles) return null;
    let answer: PageAnswer;
    try {
      answer = await bundles.publicRemote.answerUrl({ pathname, search, settings, read: this.read, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      this.log.error({ err, path: pathname }, 'the public remote could not answer; the page renders in the browser');
      return null;
    }
    const boot: BootData = { settings, headerCategories, page: answer.data };
    if (answer.redirect) return { answer, html: null, boot };
    try {
      return { answer, html: bundles.shell.renderPage(`${pathname}${search}`, boot, bundles.publicRemote.PublicApp), boot };
    } catch (err) {
      this.log.error({ err, path: pathname }, 'server rendering failed; the page renders in the browser');
      return { answer, html: null, boot };
    }
  }
}
