import type { WordPressDryRun } from '@coinmag/contracts';
import type { WordPressImportRepository } from './wordpress-import.repository.js';
import { eachDecision, indexExport, mappingContext } from './wxr-scan.js';

/** The report lists this many problems and collisions; the counts cover all of them. */
const LISTED = 300;

/** What an import of this export would do, read from the file and the database; writes nothing. */
export async function dryRunExport(path: string, repository: WordPressImportRepository, now: Date): Promise<WordPressDryRun> {
  const index = await indexExport(path);
  const report: WordPressDryRun = {
    site: index.site,
    posts: { published: 0, scheduled: 0, draft: 0, total: 0 },
    categories: index.categories.length,
    tags: index.tags.length,
    attachments: index.attachments.size,
    images: 0,
    skipped: [],
    collisions: [],
    problems: [],
    problem_count: 0,
  };
  const skipped = new Map<string, number>();
  const images = new Set<string>();
  await eachDecision(path, mappingContext(index, now), async (item, decision) => {
    if (decision.kind === 'attachment') return;
    if (decision.kind === 'skip') {
      skipped.set(decision.reason, (skipped.get(decision.reason) ?? 0) + 1);
      return;
    }
    const { post } = decision;
    report.posts[post.status] += 1;
    report.posts.total += 1;
    if (post.coverUrl) images.add(post.coverUrl);
    for (const image of post.bodyImages) images.add(image.original);
    for (const problem of post.problems) {
      report.problem_count += 1;
      if (report.problems.length < LISTED) report.problems.push({ wp_post_id: post.wpPostId, title: post.title, problem });
    }
    const source = await repository.findSource(index.site, post.wpPostId);
    if (report.collisions.length < LISTED && (await repository.slugTaken(post.slug, source?.article_id))) {
      report.collisions.push({ wp_post_id: item.postId, title: post.title, slug: post.slug });
    }
  });
  report.images = images.size;
  report.skipped = [...skipped].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count);
  return report;
}
