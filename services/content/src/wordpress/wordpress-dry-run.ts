import type { WordPressDryRun } from '@coinmag/contracts';
import type { WordPressImportRepository } from './wordpress-import.repository.js';
import type { WxrMappingPool } from './wxr-mapping-pool.js';
import { eachDecision, indexExport } from './wxr-scan.js';

/** The report lists this many problems and collisions; the counts cover all of them. */
const LISTED = 300;

/**
 * What an import of this export would do, read from the file and the database; writes nothing
 * but its decisions next to the file (wxr-scan.ts decisionsPath), for the import to use.
 */
export async function dryRunExport(path: string, repository: WordPressImportRepository, mapper: WxrMappingPool, now: Date): Promise<WordPressDryRun> {
  const index = await indexExport(path);
  const report: WordPressDryRun = {
    site: index.site,
    posts: { published: 0, scheduled: 0, draft: 0, total: 0 },
    categories: index.categories.length,
    tags: index.tags.length,
    attachments: index.attachments.size + index.attachments.dropped,
    images: 0,
    skipped: [],
    collisions: [],
    problems: [],
    problem_count: 0,
  };
  const skipped = new Map<string, number>();
  const images = new Set<string>();
  const problem = (wpPostId: number, title: string, text: string) => {
    report.problem_count += 1;
    if (report.problems.length < LISTED) report.problems.push({ wp_post_id: wpPostId, title, problem: text });
  };
  // What reading the file repaired comes first: the admin sees it before anything is written.
  for (const note of index.notes) problem(0, '匯出檔', note);
  report.problem_count += index.noteCount - index.notes.length;
  await eachDecision(path, index, now, mapper, async (item, decision) => {
    if (decision.kind === 'attachment') return;
    const title = () => item.title || `WordPress 項目 ${item.postId}`;
    if (decision.kind === 'skip' || decision.kind === 'unreadable') {
      const reason = decision.kind === 'skip' ? decision.reason : '內文無法轉換（未匯入）';
      skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
      const text = decision.kind === 'skip' ? decision.problem : decision.reason;
      if (text) problem(item.postId, title(), text);
      return;
    }
    const { post } = decision;
    report.posts[post.status] += 1;
    report.posts.total += 1;
    if (post.coverUrl) images.add(post.coverUrl);
    for (const image of post.bodyImages) images.add(image.original);
    for (const text of post.problems) problem(post.wpPostId, post.title, text);
    const source = await repository.findSource(index.site, post.wpPostId);
    if (report.collisions.length < LISTED && (await repository.slugTaken(post.slug, source?.article_id))) {
      report.collisions.push({ wp_post_id: item.postId, title: post.title, slug: post.slug });
    }
  }, true);
  report.images = images.size;
  report.skipped = [...skipped].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
  return report;
}
