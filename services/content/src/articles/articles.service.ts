import type { ArticleDetail, ArticleList, ArticleListQuery, ArticleSummary } from '@coinmag/contracts';
import { API_MESSAGES } from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import { pageCount, tagKey } from '@coinmag/rules';
import type { PopularRanking } from '@coinmag/views';
import type { CategoriesRepository } from '../categories/categories.repository.js';
import { toDetail, toSummary } from './article.mapper.js';
import type { ArticlesRepository, PublicListFilter, PublicOrder } from './articles.repository.js';
import { parseSearchTerm } from './search-grams.js';
import type { GlossaryLinks } from '../glossary/glossary-links.js';

export const RELATED_LIMIT = 3;
/** A search counts its hits up to this; past it the total reads "1,000+". */
export const SEARCH_COUNT_CAP = 1000;

/** The public read rules: only published articles whose time has come are ever shown. */
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly categories: CategoriesRepository,
    private readonly ranking: PopularRanking | undefined,
    private readonly clock: () => Date = () => new Date(),
    /** Links glossary terms in a body as it is read (absent: bodies as stored). */
    private readonly glossary?: GlossaryLinks,
    /** Whether a tag has a page (TagsService.isPublic); absent: while a public article carries it. */
    private readonly tagIsPublic?: (key: string) => Promise<boolean>,
  ) {}

  async list(query: ArticleListQuery): Promise<ArticleList> {
    const filter: PublicListFilter = {};
    if (query.category) {
      const category = await this.categories.findActiveBySlug(query.category);
      if (!category) throw new NotFoundError(API_MESSAGES.categoryNotFound);
      filter.categoryId = category.id;
    }
    if (query.tag) filter.tagKey = tagKey(query.tag);
    const now = this.clock();
    const offset = (query.page - 1) * query.limit;
    if (query.search) {
      const term = parseSearchTerm(query.search);
      if (!term) return { articles: [], pagination: { page: query.page, limit: query.limit, pages: 0, total: 0 } };
      const { rows, total, capped } = await this.articles.searchPublic(now, term, filter.categoryId, query.limit, offset, SEARCH_COUNT_CAP);
      return {
        articles: rows.map(toSummary),
        pagination: { page: query.page, limit: query.limit, pages: pageCount(total, query.limit), total, ...(capped ? { capped } : {}) },
      };
    }
    const [rows, total] = await Promise.all([this.articles.listPublic(now, filter, 'latest', query.limit, offset), this.articles.countPublic(now, filter)]);
    // A tag is public while a public article or 快訊 item carries it (a draft's tags are nobody's
    // business yet): a tag only items carry has no articles, an empty list, not a 404.
    if (filter.tagKey !== undefined && total === 0 && !(await this.tagIsPublic?.(filter.tagKey))) throw new NotFoundError(API_MESSAGES.tagNotFound);
    return {
      articles: rows.map(toSummary),
      pagination: { page: query.page, limit: query.limit, pages: pageCount(total, query.limit), total },
    };
  }

  async ranked(order: Exclude<PublicOrder, 'popular'>, limit: number): Promise<ArticleSummary[]> {
    const filter: PublicListFilter = { featuredOnly: order === 'featured', carouselOnly: order === 'carousel' };
    const rows = await this.articles.listPublic(this.clock(), filter, order, limit);
    return rows.map(toSummary);
  }

  /**
   * Popular: what the admin marks popular first, then what readers read lately (views of
   * the last 7 days, decayed day by day), then the most viewed of all time to fill the list.
   */
  async popular(limit: number): Promise<ArticleSummary[]> {
    const now = this.clock();
    const chosen = await this.articles.listPublic(now, { popularOnly: true }, 'popular', limit);
    if (chosen.length < limit && this.ranking) {
      const trending = await this.ranking.top(limit * 2).catch(() => []);
      const wanted = trending.filter((id) => !chosen.some((row) => row.id === id));
      if (wanted.length > 0) {
        const rows = await this.articles.listPublic(now, { ids: wanted }, 'latest', wanted.length);
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const id of wanted) {
          const row = byId.get(id);
          if (row && chosen.length < limit) chosen.push(row);
        }
      }
    }
    if (chosen.length < limit) {
      const rest = await this.articles.listPublic(now, { excludeIds: chosen.map((row) => row.id) }, 'popular', limit - chosen.length);
      chosen.push(...rest);
    }
    return chosen.map(toSummary);
  }

  /** The title and category name a public article's social card shows (social-card.ts in rules). */
  async cardText(slug: string): Promise<Pick<ArticleDetail, 'title' | 'category_name'>> {
    const row = await this.articles.findPublicCardText(slug, this.clock());
    if (!row) throw new NotFoundError(API_MESSAGES.articleNotFound);
    return { title: row.title, category_name: row.category_name };
  }

  async detail(slug: string): Promise<ArticleDetail> {
    const now = this.clock();
    const row = await this.articles.findPublicBySlug(slug, now);
    if (!row) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const [related, content] = await Promise.all([
      this.articles.related(row.id, row.category_id, now, RELATED_LIMIT),
      this.glossary ? this.glossary.link(row.content ?? '', row.glossary_links ?? true) : row.content,
    ]);
    return toDetail({ ...row, content }, related);
  }
}
