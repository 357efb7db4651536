import { API_MESSAGES, type PublicTag } from '@coinmag/contracts';
import { tagKey } from '@coinmag/rules';
import { NotFoundError } from '@coinmag/service-kit';
import type { TagsRepository } from './tags.repository.js';

/** A tag page's heading: the tag's key, the spelling most articles use, and how many public articles carry it. */
export class TagsService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async publicTag(spelling: string): Promise<PublicTag> {
    const key = tagKey(spelling);
    const now = this.clock();
    const [spellings, count] = await Promise.all([this.tags.spellings(key, now), this.tags.articleCount(key, now)]);
    const name = spellings[0]?.name;
    if (!name || count === 0) throw new NotFoundError(API_MESSAGES.tagNotFound);
    return { key, name, article_count: count };
  }
}
