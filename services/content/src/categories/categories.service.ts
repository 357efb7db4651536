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
  return { ...toPublic(row), is_active: row.is_active, version: row.version, ...(row.article_count !== undefined ? { article_count: row.article_count } : {}) };
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

  /** Two saves racing for the same free slug: the one that loses takes the next free one. */
  private async withFreeSlug<T>(name: string, exceptId: number | undefined, write: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const slug = await this.uniqueSlug(name, exceptId);
      try {
        return await write(slug);
      } catch (err) {
        if (!(err instanceof ConflictError) || err.field !== 'slug') throw err;
        if (attempt >= 5) throw new ConflictError(API_MESSAGES.slugTaken, 'name');
      }
    }
  }

  async create(input: CategoryInput, ip: string | null = null): Promise<Category> {
    const { version: _version, ...fields } = input;
    const row = await this.withFreeSlug(input.name, undefined, (slug) => this.categories.insert(
      { ...fields, slug },
      (created) => ({ action: 'category.create', actor: 'admin', ip, subjectId: created.id, summary: created.name }),
    ));
    await this.onChange();
    return toAdmin(row);
  }

  /** A save naming a version other than the current one is refused (409); nothing is overwritten. */
  async update(id: number, input: CategoryInput, ip: string | null = null): Promise<Category> {
    const existing = await this.categories.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    const { version = existing.version, ...fields } = input;
    if (version !== existing.version) throw new ConflictError(API_MESSAGES.categoryConflict, 'version');
    // The slug is part of public URLs: it follows the name only when the name changes.
    const write = async (slug: string) => {
      const updated = await this.categories.update(id, version, { ...fields, slug }, (row) => ({ action: 'category.update', actor: 'admin', ip, subjectId: id, summary: row.name }));
      if (!updated) {
        if (await this.categories.findById(id)) throw new ConflictError(API_MESSAGES.categoryConflict, 'version');
        throw new NotFoundError(API_MESSAGES.categoryNotFound);
      }
      return updated;
    };
    const row = existing.name === fields.name ? await write(existing.slug) : await this.withFreeSlug(fields.name, id, write);
    await this.onChange();
    return toAdmin(row);
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const existing = await this.categories.findById(id);
    if (!existing) throw new NotFoundError(API_MESSAGES.categoryNotFound);
    const articles = await this.categories.countArticles(id);
    if (articles > 0) throw new ConflictError(`${API_MESSAGES.categoryHasArticles}（共 ${articles} 篇）`);
    await this.categories.delete(id, (removed) => (removed ? { action: 'category.delete', actor: 'admin', ip, subjectId: id, summary: existing.name } : undefined));
    await this.onChange();
  }

  async exists(id: number): Promise<boolean> {
    return Boolean(await this.categories.findById(id));
  }

  async assertExists(id: number): Promise<void> {
    if (!(await this.categories.findById(id))) throw new ValidationError('category_id', API_MESSAGES.categoryNotFound);
  }
}
