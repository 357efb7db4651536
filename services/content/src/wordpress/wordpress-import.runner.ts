import { createHash, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { WordPressImportItem, WordPressProgress } from '@coinmag/contracts';
import { ServiceUnavailableError, ValidationError, type Logger } from '@coinmag/service-kit';
import { type AuditRepository } from '@coinmag/audit';
import type { ArticleBodyPool } from '../articles/article-body-pool.js';
import type { ArticleWritesRepository } from '../articles/article-writes.repository.js';
import { ImageBudget } from './image-budget.js';
import { ImportGrantRefused, type WordPressImages } from './wordpress-images.js';
import type { ImportRow, WordPressImportRepository } from './wordpress-import.repository.js';
import { rewriteImages } from './body-html.js';
import type { MappedPost } from './wxr-mapping.js';
import type { WxrMappingPool } from './wxr-mapping-pool.js';
import { decisionsPath, eachDecision, eachKeptDecision, indexExport, type DecidedItem, type ExportIndex } from './wxr-scan.js';
import type { ItemDecision } from './wxr-mapping.js';

export interface RunnerDeps {
  repository: WordPressImportRepository;
  writes: ArticleWritesRepository;
  bodies: Pick<ArticleBodyPool, 'toArticleWrite'>;
  images: WordPressImages;
  /** Maps posts off the event loop, each within a time limit. */
  mapper: WxrMappingPool;
  audit: AuditRepository;
  /** Invalidates the public caches once the import has written. */
  onChanged: () => Promise<void>;
  log: Logger;
  clock: () => Date;
  /** Fetching a job's images stops this long after the job started (WORDPRESS_IMAGE_DEADLINE_MS). */
  imageDeadlineMs: number;
  /** A host's images are skipped after this many failures in a row (WORDPRESS_IMAGE_HOST_FAILURES). */
  imageHostFailures: number;
}

/** A job no process has heart-beaten for this long is taken over (a running job beats every HEARTBEAT_MS). */
export const STALE_AFTER_MS = 45_000;
const HEARTBEAT_MS = 10_000;

class Paused extends Error {}

/**
 * Runs an import job: categories and tags first, then each post once (its outcome kept per item,
 * so a restarted job goes on where it stopped), images through the media service, progress saved
 * as it goes, one audit entry with the counts at the end.
 */
export class WordPressImportRunner {
  private readonly running = new Map<number, Promise<void>>();

  constructor(private readonly deps: RunnerDeps) {}

  /** Whether a job with images can run here (a grant secret is set: see WordPressImages). */
  get importsImages(): boolean {
    return this.deps.images.available;
  }

  /**
   * Starts (or resumes) a job in the background. `actor`: the admin confirming or resuming it, whom
   * its image uploads' service grants name; a job taken over after a restart keeps the one it had.
   */
  start(importId: number, actor: string | undefined): Promise<boolean> {
    return this.deps.repository.claim(importId, STALE_AFTER_MS, actor).then((claimed) => {
      if (!claimed) return false;
      const run = this.run(importId)
        .catch((err) => this.deps.log.error({ err, importId }, 'WordPress import failed'))
        .finally(() => this.running.delete(importId));
      this.running.set(importId, run);
      return true;
    });
  }

  /** Resolves when the job this process runs has stopped (done, paused or failed). */
  settled(importId: number): Promise<void> {
    return this.running.get(importId) ?? Promise.resolve();
  }

  /**
   * Jobs a stopped process left running go on, with their images too (each upload carries a
   * service grant naming the admin who confirmed the job; no admin token is kept). Only a job
   * whose admin is not known (confirmed before that was kept) waits for a signed-in admin.
   */
  async resumeInterrupted(): Promise<void> {
    for (const job of await this.deps.repository.interrupted(STALE_AFTER_MS)) {
      if (this.running.has(job.id)) continue;
      if (job.with_images && (!job.confirmed_by || !this.importsImages)) await this.deps.repository.setStatus(job.id, 'paused');
      else await this.start(job.id, undefined);
    }
  }

  /** Looks for interrupted jobs now and every `everyMs`; returns the stop function. */
  watchInterrupted(everyMs = 30_000): () => void {
    const check = () => void this.resumeInterrupted().catch((err) => this.deps.log.error({ err }, 'WordPress imports could not be resumed'));
    check();
    const timer = setInterval(check, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async run(importId: number): Promise<void> {
    const { repository, log } = this.deps;
    const job = (await repository.findImport(importId))!;
    const beat = setInterval(() => void repository.heartbeat(importId).catch(() => {}), HEARTBEAT_MS);
    try {
      const index = await indexExport(job.file_path);
      await this.importTerms(index);
      const progress = await this.importPosts(job, index);
      await repository.setStatus(importId, 'done', true);
      // The export is not needed once everything in it is imported (a new import uploads it again).
      await rm(job.file_path, { force: true });
      await rm(decisionsPath(job.file_path), { force: true });
      await this.deps.audit.record({
        action: 'import.wordpress',
        actor: 'admin',
        subjectId: importId,
        summary: `${job.filename}：新增 ${progress.created}、更新 ${progress.updated}、未變更 ${progress.unchanged}、衝突 ${progress.conflicts}、失敗 ${progress.failed}；圖片 ${progress.images_fetched} 張，無法取得 ${progress.images_failed} 張`,
      });
    } catch (err) {
      if (err instanceof Paused) {
        await repository.setStatus(importId, 'paused');
        log.info({ importId }, 'WordPress import waits for a signed-in admin to fetch images');
        return;
      }
      // The admin sees what they can act on; the details (SQL, stacks) go to the log.
      const known = err instanceof ValidationError || err instanceof ServiceUnavailableError;
      await repository.fail(importId, `匯入中斷：${known ? (err as Error).message : '發生內部錯誤，詳情已記錄在服務日誌'}`);
      throw err;
    } finally {
      clearInterval(beat);
      await this.deps.onChanged();
    }
  }

  private async importTerms(index: ExportIndex): Promise<void> {
    for (const category of index.categories) {
      await this.deps.repository.ensureCategory(category);
      if (category.wpSlug) await this.deps.repository.saveTerm(index.site, 'category', category.wpSlug, category.slug);
    }
    for (const tag of index.tags) if (tag.wpSlug) await this.deps.repository.saveTerm(index.site, 'tag', tag.wpSlug, tag.name);
  }

  private async importPosts(job: ImportRow, index: ExportIndex): Promise<WordPressProgress> {
    const { repository } = this.deps;
    const done = await repository.itemOutcomes(job.id);
    const progress: WordPressProgress = { ...job.progress, total: job.dry_run?.posts.total ?? job.progress.total };
    const requestId = `wordpress-import-${job.id}-${randomUUID()}`;
    const started = (job.started_at ?? this.deps.clock()).getTime();
    const budget = new ImageBudget({ deadline: started + this.deps.imageDeadlineMs, hostFailures: this.deps.imageHostFailures }, () => this.deps.clock().getTime());
    const now = this.deps.clock();
    const onDecision = async (wpItem: DecidedItem, decision: ItemDecision) => {
      if (decision.kind === 'unreadable' && !done.has(wpItem.postId)) {
        progress.failed += 1;
        progress.processed += 1;
        await repository.recordItem(job.id, { wp_post_id: wpItem.postId, title: wpItem.title, outcome: 'failed', article_id: null, note: decision.reason });
        await repository.saveProgress(job.id, progress);
        return;
      }
      if (decision.kind !== 'post' || done.has(decision.post.wpPostId)) return;
      const item = await this.importPost(job, index.site, decision.post, requestId, budget, progress);
      progress[item.outcome === 'conflict' ? 'conflicts' : item.outcome] += 1;
      progress.processed += 1;
      await repository.recordItem(job.id, item);
      await repository.saveProgress(job.id, progress);
    };
    // What the dry run mapped is used as it is; only an export without kept decisions is mapped again.
    if (!(await eachKeptDecision(job.file_path, now, onDecision))) await eachDecision(job.file_path, index, now, this.deps.mapper, onDecision);
    return progress;
  }

  private async importPost(job: ImportRow, site: string, post: MappedPost, requestId: string, budget: ImageBudget, progress: WordPressProgress): Promise<WordPressImportItem> {
    const { repository } = this.deps;
    const base = { wp_post_id: post.wpPostId, title: post.title };
    const source = await repository.findSource(site, post.wpPostId);
    const version = source && (await repository.articleVersion(source.article_id));
    const existing = source && version !== undefined ? { ...source, version } : undefined;
    if (existing && existing.source_hash === post.sourceHash && (existing.images_complete || !job.with_images)) return { ...base, outcome: 'unchanged', article_id: existing.article_id, note: '' };
    if (existing && existing.version !== existing.imported_version) {
      return { ...base, outcome: 'conflict', article_id: existing.article_id, note: '這篇文章匯入後在本站修改過，WordPress 的新版本沒有覆蓋它' };
    }
    const notes = [...post.problems];
    try {
      const { content, cover, complete, state } = await this.withOurImages(job, post, requestId, budget, progress, notes);
      // Nothing new in WordPress and the same images as last time (those that failed fail still): nothing to write.
      if (existing && existing.source_hash === post.sourceHash && state !== null && state === existing.images_state) {
        return { ...base, outcome: 'unchanged', article_id: existing.article_id, note: '' };
      }
      const slug = await this.freeSlug(post.slug, existing?.article_id);
      if (slug !== post.slug) notes.push(`網址代稱「${post.slug}」已被使用，改為「${slug}」`);
      const write = await this.deps.bodies.toArticleWrite({
        title: post.title,
        slug,
        content,
        excerpt: post.excerpt,
        category_id: post.categorySlug ? await repository.categoryIdBySlug(post.categorySlug) : null,
        status: post.status,
        is_featured: false,
        is_popular: false,
        is_carousel: false,
        carousel_order: null,
        meta_title: post.metaTitle,
        meta_description: post.metaDescription,
        featured_image: cover,
        tags: post.tags,
        published_at: post.publishedAt,
      });
      const articleId = await this.deps.writes.save({
        existing: existing && { id: existing.article_id, expectedVersion: existing.version },
        write,
        tags: post.tags,
        revision: { kind: 'save', ip: null },
        audit: () => [],
        // The source is kept with the article, atomically: a job stopped here never creates it twice.
        alsoWrite: (trx, articleId, version) =>
          repository.saveSource({ site, wp_post_id: post.wpPostId, article_id: articleId, wp_link: post.link, wp_slug: post.wpSlug || slug, source_hash: post.sourceHash, imported_version: version, images_complete: complete, images_state: state }, trx),
      });
      if (articleId === undefined) return { ...base, outcome: 'conflict', article_id: existing!.article_id, note: '匯入時文章正在本站修改，未覆蓋' };
      return { ...base, outcome: existing ? 'updated' : 'created', article_id: articleId, note: notes.join('；').slice(0, 2000) };
    } catch (err) {
      if (err instanceof Paused || err instanceof ImportGrantRefused) throw err;
      return { ...base, outcome: 'failed', article_id: existing?.article_id ?? null, note: [...notes, (err as Error).message].join('；').slice(0, 2000) };
    }
  }

  /**
   * Cover and body images brought over. An image that could not be fetched leaves the body (the old
   * site is on its way out: its URL would break the page later) and is named in the report.
   */
  private async withOurImages(job: ImportRow, post: MappedPost, requestId: string, budget: ImageBudget, progress: WordPressProgress, notes: string[]): Promise<{ content: string; cover: string | null; complete: boolean; state: string | null }> {
    if (!job.with_images) return { content: post.content, cover: null, complete: false, state: null };
    const actor = job.confirmed_by;
    if (!actor) throw new Paused();
    const bring = async (sourceUrl: string) => {
      const outcome = await this.deps.images.bring(sourceUrl, { id: job.id, actor }, requestId, budget);
      if (outcome.fresh) progress[outcome.url ? 'images_fetched' : 'images_failed'] += 1;
      if (outcome.error) notes.push(`無法取得圖片 ${sourceUrl}（${outcome.error}）`);
      return outcome.url;
    };
    const originals = [...new Set(post.bodyImages.map((image) => image.original))];
    const ours = new Map<string, string | undefined>();
    await Promise.all(originals.map(async (original) => ours.set(original, await bring(original))));
    const byReference = new Map(post.bodyImages.map((image) => [image.referenced, ours.get(image.original) ?? null]));
    const content = rewriteImages(post.content, (src) => byReference.get(src));
    const cover = post.coverUrl ? ((await bring(post.coverUrl)) ?? null) : null;
    const complete = [...ours.values()].every(Boolean) && (!post.coverUrl || cover !== null);
    const state = createHash('sha256').update(JSON.stringify([[...ours].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), post.coverUrl, cover])).digest('hex');
    return { content, cover, complete, state };
  }

  private async freeSlug(wanted: string, articleId?: number): Promise<string> {
    let candidate = wanted;
    for (let n = 2; await this.deps.repository.slugTaken(candidate, articleId); n += 1) candidate = `${wanted.slice(0, 110)}-${n}`;
    return candidate;
  }
}
