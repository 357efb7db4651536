import { shortHash, socialCardVersion } from '@coinmag/rules';
import type { WorkQueue } from '../images/work-queue.js';
import type { ObjectStorage, StoredObject } from '../storage/object-storage.js';
import { CardArtist } from './card-drawing.js';
import type { CardSource } from './card-source.js';

export interface CurrentCard {
  key: string;
  version: string;
  object: StoredObject;
}

/**
 * Social cards of published articles (docs/product.md §3): each drawn once per version of its
 * text (title, category, site name) on the first request for it, in the on-demand lane, and
 * kept in the object store like other variants. A page never waits for one: it only links it.
 */
export class SocialCards {
  private readonly drawing = new Map<string, Promise<StoredObject>>();

  constructor(
    private readonly storage: ObjectStorage,
    private readonly queue: WorkQueue,
    private readonly source: CardSource,
    private readonly artist = new CardArtist(),
  ) {}

  /** The card of the article (or, given `{ flash: id }`, of the 快訊 item) as it is now; undefined when it is not public. */
  async current(subject: string | { flash: number }): Promise<CurrentCard | undefined> {
    const text = typeof subject === 'string' ? await this.source.textOf(subject) : await this.source.textOfFlash(subject.flash);
    if (!text) return undefined;
    const version = socialCardVersion(text);
    const key = `card-${shortHash(typeof subject === 'string' ? subject : `flash:${subject.flash}`)}-${version}.png`;
    const stored = await this.storage.stat(key);
    if (stored) return { key, version, object: stored };
    // Requests that arrive while it is drawn wait for the same drawing.
    let pending = this.drawing.get(key);
    if (!pending) {
      pending = this.queue
        .run(async () => {
          await this.storage.put(key, await this.artist.png(text), 'image/png');
          const object = await this.storage.stat(key);
          if (!object) throw new Error('the card just stored cannot be found');
          return object;
        })
        .finally(() => this.drawing.delete(key));
      this.drawing.set(key, pending);
    }
    return { key, version, object: await pending };
  }
}
