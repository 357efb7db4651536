import { GlossaryMatcher } from './glossary-matcher.js';
import type { GlossaryRepository } from './glossary.repository.js';

interface Compiled {
  revision: number;
  matcher: GlossaryMatcher;
  maxLinks: number;
}

/**
 * The published glossary compiled into a matcher, rebuilt when the glossary's revision moves (every
 * term or settings write bumps it in Postgres, so every replica sees a change at its next render).
 * One small read per render: the revision.
 */
export class GlossaryLinks {
  private compiled?: Compiled;
  private building?: Promise<Compiled>;

  constructor(private readonly glossary: GlossaryRepository) {}

  async current(): Promise<Compiled> {
    const { revision, max_links: maxLinks } = await this.glossary.settings();
    if (this.compiled?.revision === revision) return this.compiled;
    this.building ??= this.glossary
      .linkable()
      .then((terms) => (this.compiled = { revision, maxLinks, matcher: new GlossaryMatcher(terms.map((term) => ({ ...term, spellings: term.spellings ?? [term.name] }))) }))
      .finally(() => (this.building = undefined));
    const built = await this.building;
    return built.revision === revision ? built : this.current();
  }

  /** The article body with its terms linked, unless the article turned linking off. */
  async link(html: string, enabled: boolean): Promise<string> {
    if (!enabled || !html) return html;
    const { matcher, maxLinks } = await this.current();
    return matcher.link(html, maxLinks).html;
  }
}
