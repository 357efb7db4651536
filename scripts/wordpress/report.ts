import type { WordPressDryRun, WordPressImport } from '@coinmag/contracts';

/** The dry run as the operator reads it in a terminal. */
export function formatDryRun(report: WordPressDryRun): string {
  const lines = [
    `網站：${report.site || '（未標示）'}`,
    `文章：共 ${report.posts.total} 篇（已發布 ${report.posts.published}、排程 ${report.posts.scheduled}、草稿 ${report.posts.draft}）`,
    `分類 ${report.categories} 個、標籤 ${report.tags} 個、附件 ${report.attachments} 個、要帶入的圖片 ${report.images} 張`,
  ];
  if (report.skipped.length) lines.push(`略過：${report.skipped.map((entry) => `${entry.name} ${entry.count}`).join('、')}`);
  if (report.collisions.length) {
    lines.push(`網址代稱已被使用（將改用編號）：${report.collisions.length} 篇`);
    for (const collision of report.collisions.slice(0, 20)) lines.push(`  - ${collision.title}（${collision.slug}）`);
  }
  if (report.problem_count) {
    lines.push(`發現的問題：${report.problem_count} 項`);
    for (const problem of report.problems.slice(0, 20)) lines.push(`  - ${problem.title}：${problem.problem}`);
  }
  return lines.join('\n');
}

export function formatOutcome(job: WordPressImport): string {
  const p = job.progress;
  const lines = [
    job.status === 'done' ? '匯入完成' : `匯入未完成（${job.error ?? job.status}）`,
    `新增 ${p.created}、更新 ${p.updated}、未變更 ${p.unchanged}、衝突 ${p.conflicts}、失敗 ${p.failed}；圖片 ${p.images_fetched} 張，無法取得 ${p.images_failed} 張`,
  ];
  for (const item of job.attention.filter((entry) => entry.outcome === 'conflict' || entry.outcome === 'failed')) lines.push(`  - [${item.outcome === 'conflict' ? '衝突' : '失敗'}] ${item.title}：${item.note}`);
  for (const image of job.failed_images) lines.push(`  - 無法取得圖片 ${image.url}（${image.error}）`);
  return lines.join('\n');
}
