import { API_MESSAGES, type PublicTag } from '@coinmag/contracts';
import { tagKey } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import type { TagsRepository } from './tags.repository.js';

/** A tag page's heading: the tag's key, the spelling most articles (else items) use, and how many public articles and 快訊 items carry it. */
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async publicTag(spelling: string): Promise<PublicTag> {
    const key = tagKey(spelling);
    const now = this.clock();
    const [spellings, count, flashSpellings, flashCount] = await Promise.all([
      this.tags.spellings(key, now), this.tags.articleCount(key, now), this.tags.flashSpellings(key, now), this.tags.flashCount(key, now),
    ]);
    // A tag is public while a public article or a public 快訊 item carries it.
    const name = count > 0 ? spellings[0]?.name : flashSpellings[0]?.name;
    if (!name || count + flashCount === 0) throw new NotFoundError(API_MESSAGES.tagNotFound);
    return { key, name, article_count: count, flash_count: flashCount };
  }

  /** Whether the tag `key` has a page: a public article or a public 快訊 item carries it. */
  async isPublic(key: string): Promise<boolean> {
    const now = this.clock();
    const [count, flashCount] = await Promise.all([this.tags.articleCount(key, now), this.tags.flashCount(key, now)]);
    return count + flashCount > 0;
  }
}
