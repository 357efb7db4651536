import type { Category, CategoryInput, HeaderCategory, PublicCategory } from '@coinmag/contracts';
import { API_MESSAGES } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import { slugFromTitle } from '@coinmag/rules';
import type { CategoriesRepository, CategoryRow } from './categories.repository.js';

function toPublic(row: CategoryRow): PublicCategory {
  return {
    id: row.id, name: row.name, slug: row.slug, description: row.description,
    sort_order: row.sort_order, show_in_header: row.show_in_header, show_in_footer: row.show_in_footer,
  };
}

function toAdmin(row: CategoryRow): Category {
  return { ...toPublic(row), is_active: row.is_active, ...(row.article_count !== undefined ? { article_count: row.article_count } : {}) };
}

export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    /** Told of every change, so caches of what shows categories can be dropped. */
    private readonly onChange: () => Promise<void> = async () => {},
  ) {}

  listHeader(): Promise<HeaderCategory[]> {
    return this.categories.listHeader();
  }

  async listPublic(): Promise<PublicCategory[]> {
    return (await this.categories.listActive()).map(toPublic);
  }

  async listAll(): Promise<Category[]> {
    return (await this.categories.listAll()).map(toAdmin);
  }

  async get(id: number): Promise<Category> {
    const row = await this.categories.findById(id);
    if (!row) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    return toAdmin(row);
  }

  /** A slug from the name, Chinese kept, made unique with -2, -3 … */
  private async uniqueSlug(name: string, exceptId?: number): Promise<string> {
    const base = slugFromTitle(name) || 'category';
    let candidate = base;
    for (let n = 2; await this.categories.slugExists(candidate, exceptId); n += 1) candidate = `${base}-${n}`;
    return candidate;
  }

  async create(input: CategoryInput): Promise<Category> {
    const slug = await this.uniqueSlug(input.name);
    const row = await this.categories.insert({ ...input, slug });
    await this.onChange();
    return toAdmin(row);
  }

  async update(id: number, input: CategoryInput): Promise<Category> {
    const existing = await this.categories.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    // The slug is part of public URLs: it follows the name only when the name changes.
    const slug = existing.name === input.name ? existing.slug : await this.uniqueSlug(input.name, id);
    const row = await this.categories.update(id, { ...input, slug });
    if (!row) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    await this.onChange();
    return toAdmin(row);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.categories.findById(id))) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    const articles = await this.categories.countArticles(id);
    if (articles > 0) throw new ConflictError(`${API_MESSAGES.categoryHasArticles}（共 ${articles} 篇）`);
    await this.categories.delete(id);
    await this.onChange();
  }

  async assertExists(id: number): Promise<void> {
    if (!(await this.categories.findById(id))) throw new ValidationError('category_id', API_MESSAGES.categoryNotFound);
  }
}
