import { articleDetailSchema, publicFlashSchema, settingsSchema } from '@coinmag/contracts';
import { ServiceUnavailableError } from '@coinmag/service-kit';
import { FLASH_CARD_CATEGORY, flashHeadline, socialCardTextPath, type SocialCardText } from '@coinmag/rules';

export const CARD_MESSAGES = { contentDown: '暫時無法產生分享圖片，請稍後再試' } as const;

/** Largest answer read from the content service (the settings, with the ad code, are the largest). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * What a card shows, read from the content service's public API: only a published article has
 * one, so nothing unpublished can be drawn on a card. Its title and category come without its
 * body (socialCardTextPath): a card's request never reads a whole article.
 */
export class CardSource {
  constructor(
    private readonly contentUrl: string,
    private readonly timeoutMs = 3000,
  ) {}

  async textOf(slug: string): Promise<SocialCardText | undefined> {
    const [article, settings] = await Promise.all([this.read(socialCardTextPath(slug)), this.read('/api/settings')]);
    if (article === undefined) return undefined;
    if (settings === undefined) throw new ServiceUnavailableError(CARD_MESSAGES.contentDown);
    const { title, category_name: category } = articleDetailSchema.pick({ title: true, category_name: true }).parse(article);
    const { site_title: siteTitle } = settingsSchema.pick({ site_title: true }).parse(settings);
    return { title, category, siteTitle };
  }

  /** A public 快訊 item's card: its first line under the heading 快訊. */
  async textOfFlash(id: number): Promise<SocialCardText | undefined> {
    const [item, settings] = await Promise.all([this.read(`/api/flash/${id}`), this.read('/api/settings')]);
    if (item === undefined) return undefined;
    if (settings === undefined) throw new ServiceUnavailableError(CARD_MESSAGES.contentDown);
    const { text } = publicFlashSchema.pick({ text: true }).parse(item);
    const { site_title: siteTitle } = settingsSchema.pick({ site_title: true }).parse(settings);
    return { title: flashHeadline(text), category: FLASH_CARD_CATEGORY, siteTitle };
  }

  /** The JSON of a 200, undefined for a 404; anything else is the content service being unavailable. */
  private async read(path: string): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(new URL(path, this.contentUrl), { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new ServiceUnavailableError(CARD_MESSAGES.contentDown);
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    const declared = Number(res.headers.get('content-length'));
    if (!res.ok || declared > MAX_ANSWER_BYTES) {
      await res.body?.cancel();
      throw new ServiceUnavailableError(CARD_MESSAGES.contentDown);
    }
    const text = await res.text();
    if (text.length > MAX_ANSWER_BYTES) throw new ServiceUnavailableError(CARD_MESSAGES.contentDown);
    return JSON.parse(text) as unknown;
  }
}
