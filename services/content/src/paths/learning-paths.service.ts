import {
  LEARNING_PATH_DEPS, LEARNING_PATH_LIMITS, LEARNING_PATH_MESSAGES,
  type LearningPath, type LearningPathInput, type LessonPlace, type PublicLearningPath, type PublicLesson, type SitemapEntry,
} from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import { readingMinutesOf, slugFromTitle, truncate } from '@coinmag/rules';
import type { CacheNamespace } from '../cache/response-cache.js';
import type { AdminLessonRow, LearningPathsRepository, PathRow, PublicLessonRow } from './learning-paths.repository.js';

const EXCERPT_LENGTH = 120;

function toLesson(row: PublicLessonRow): PublicLesson {
  return {
    id: row.id, slug: row.slug, title: row.title,
    excerpt: truncate((row.excerpt || row.content_start).trim(), EXCERPT_LENGTH),
    minutes: Math.max(1, readingMinutesOf(row)),
  };
}

function toPublic(row: PathRow, lessons: PublicLesson[]): PublicLearningPath {
  return {
    id: row.id, slug: row.slug, title: row.title, level: row.level, description: row.description, cover: row.cover, cover_alt: row.cover_alt,
    lessons, total_minutes: lessons.reduce((sum, lesson) => sum + lesson.minutes, 0), updated_at: row.updated_at.toISOString(),
  };
}

function toAdmin(row: PathRow, lessons: AdminLessonRow[]): LearningPath {
  return {
    id: row.id, slug: row.slug, title: row.title, level: row.level, description: row.description, cover: row.cover, cover_alt: row.cover_alt,
    lessons: lessons.map((lesson) => ({ article_id: lesson.article_id, title: lesson.article_title, slug: lesson.slug, status: lesson.status, is_public: Boolean(lesson.is_public) })),
    version: row.version, updated_at: row.updated_at.toISOString(),
  };
}

function byPath<T extends { path_id: number }>(rows: T[]): Map<number, T[]> {
  const grouped = new Map<number, T[]>();
  for (const row of rows) grouped.set(row.path_id, [...(grouped.get(row.path_id) ?? []), row]);
  return grouped;
}

/** Learning paths (docs/product.md §3): readers see only a path's public lessons; the back office sees the gaps too. */
export class LearningPathsService {
  constructor(
    private readonly paths: LearningPathsRepository,
    /** Told exactly what a save changed, so the caches of those answers and pages are dropped. */
    private readonly invalidate: (deps: CacheNamespace[]) => Promise<void> = async () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Every path with at least one public lesson, oldest first. */
  async listPublic(): Promise<PublicLearningPath[]> {
    const rows = await this.paths.listAll();
    const lessons = byPath(await this.paths.publicLessons(rows.map((row) => row.id), this.clock()));
    return rows.filter((row) => lessons.has(row.id)).map((row) => toPublic(row, lessons.get(row.id)!.map(toLesson)));
  }

  /** A path with no public lesson is not there for readers. */
  async getPublic(slug: string): Promise<PublicLearningPath> {
    const row = await this.paths.findBySlug(slug);
    const lessons = row ? await this.paths.publicLessons([row.id], this.clock()) : [];
    if (!row || lessons.length === 0) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    return toPublic(row, lessons.map(toLesson));
  }

  /** Where a public article stands in each path that holds it, counting public lessons only. */
  async placesOf(articleId: number): Promise<LessonPlace[]> {
    const pathIds = await this.paths.pathsHolding(articleId);
    if (pathIds.length === 0) return [];
    const rows = new Map((await this.paths.listAll()).map((row) => [row.id, row]));
    const lessons = byPath(await this.paths.publicLessons(pathIds, this.clock()));
    const places: LessonPlace[] = [];
    for (const pathId of pathIds) {
      const path = rows.get(pathId);
      const list = lessons.get(pathId) ?? [];
      const index = list.findIndex((lesson) => lesson.id === articleId);
      if (!path || index < 0) continue;
      const link = (lesson: PublicLessonRow | undefined) => (lesson ? { slug: lesson.slug, title: lesson.title } : null);
      places.push({ path: { id: path.id, slug: path.slug, title: path.title }, position: index + 1, total: list.length, previous: link(list[index - 1]), next: link(list[index + 1]) });
    }
    return places;
  }

  async sitemap(): Promise<SitemapEntry[]> {
    return (await this.listPublic()).map((path) => ({ slug: path.slug, lastmod: path.updated_at }));
  }

  async listAll(): Promise<LearningPath[]> {
    const rows = await this.paths.listAll();
    const lessons = byPath(await this.paths.adminLessons(rows.map((row) => row.id), this.clock()));
    return rows.map((row) => toAdmin(row, lessons.get(row.id) ?? []));
  }

  async get(id: number): Promise<LearningPath> {
    const row = await this.paths.findById(id);
    if (!row) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    return toAdmin(row, await this.paths.adminLessons([id], this.clock()));
  }

  async create(input: LearningPathInput, ip: string | null = null): Promise<LearningPath> {
    if ((await this.paths.count()) >= LEARNING_PATH_LIMITS.paths) throw new ConflictError(LEARNING_PATH_MESSAGES.tooMany);
    const articles = await this.lessonArticles(input.article_ids);
    const row = await this.withFreeSlug(input.title, undefined, (slug) =>
      this.paths.insert({ ...this.fields(input), slug }, articles, (created) => ({ action: 'learning_path.create', actor: 'admin', ip, subjectId: created.id, summary: created.title })),
    );
    await this.invalidate(this.changed([row.slug], input.article_ids));
    return this.get(row.id);
  }

  /** A save naming a version other than the current one is refused (409); nothing is overwritten. */
  async update(id: number, input: LearningPathInput, ip: string | null = null): Promise<LearningPath> {
    const existing = await this.paths.findById(id);
    if (!existing) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    const version = input.version ?? existing.version;
    if (version !== existing.version) throw new ConflictError(LEARNING_PATH_MESSAGES.conflict, 'version');
    const articles = await this.lessonArticles(input.article_ids);
    const write = async (slug: string) => {
      const updated = await this.paths.update(id, version, { ...this.fields(input), slug }, articles, (row) => ({ action: 'learning_path.update', actor: 'admin', ip, subjectId: id, summary: row.title }));
      if (!updated) {
        if (await this.paths.findById(id)) throw new ConflictError(LEARNING_PATH_MESSAGES.conflict, 'version');
        throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
      }
      return updated;
    };
    // The slug is part of public URLs: it follows the title only when the title changes.
    const { row, before } = existing.title === input.title ? await write(existing.slug) : await this.withFreeSlug(input.title, id, write);
    await this.invalidate(this.changed([existing.slug, row.slug], [...before, ...input.article_ids]));
    return this.get(id);
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const existing = await this.paths.findById(id);
    if (!existing) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    const before = await this.paths.delete(id, () => ({ action: 'learning_path.delete', actor: 'admin', ip, subjectId: id, summary: existing.title }));
    if (!before) throw new NotFoundError(LEARNING_PATH_MESSAGES.notFound);
    await this.invalidate(this.changed([existing.slug], before));
  }

  /** The list, the path's pages under each slug it had or has, and the lesson places of every article it held or holds. */
  private changed(slugs: string[], articleIds: number[]): CacheNamespace[] {
    return [
      LEARNING_PATH_DEPS.list,
      ...new Set(slugs.map(LEARNING_PATH_DEPS.path)),
      ...new Set(articleIds.map(LEARNING_PATH_DEPS.placesOf)),
    ];
  }

  private fields(input: LearningPathInput) {
    return { title: input.title, level: input.level, description: input.description, cover: input.cover, cover_alt: input.cover ? input.cover_alt : '' };
  }

  /** The lessons' articles, in order; an id naming no article is refused with every such id. */
  private async lessonArticles(ids: number[]): Promise<Array<{ id: number; title: string }>> {
    const titles = await this.paths.articleTitles(ids);
    const missing = ids.filter((id) => !titles.has(id));
    if (missing.length > 0) throw new ValidationError('article_ids', LEARNING_PATH_MESSAGES.articleMissing(missing));
    return ids.map((id) => ({ id, title: titles.get(id)! }));
  }

  /** A slug from the title, Chinese kept, made unique with -2, -3 …; two saves racing for one: the loser takes the next. */
  private async withFreeSlug<T>(title: string, exceptId: number | undefined, write: (slug: string) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const base = slugFromTitle(title) || 'learning-path';
      let slug = base;
      for (let n = 2; await this.paths.slugExists(slug, exceptId); n += 1) slug = `${base}-${n}`;
      try {
        return await write(slug);
      } catch (err) {
        if (!(err instanceof ConflictError) || err.field !== 'slug' || attempt >= 5) throw err;
      }
    }
  }
}
