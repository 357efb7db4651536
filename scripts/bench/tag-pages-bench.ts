// Tag pages at scale: the reads a tag page makes when nothing is cached (its heading, one page of
// 12 and its count, the tags sitemap), on 10,000 public articles, for a common tag (3 in 10
// articles), an ordinary one (1 in 100) and a rare one carried only by the 5 oldest articles
// (the worst case for walking the publication order). `npx tsx scripts/bench/tag-pages-bench.ts`.
import { createTestDatabase } from '@coinmag/service-kit/testing';
import { migrateContent, openDatabase } from '../../services/content/src/database.js';
import { ArticlesRepository } from '../../services/content/src/articles/articles.repository.js';
import { ArticlesService } from '../../services/content/src/articles/articles.service.js';
import { CategoriesRepository } from '../../services/content/src/categories/categories.repository.js';
import { CrawlRepository } from '../../services/content/src/crawl/crawl.repository.js';
import { CrawlService } from '../../services/content/src/crawl/crawl.service.js';
import { TagsRepository } from '../../services/content/src/tags/tags.repository.js';
import { TagsService } from '../../services/content/src/tags/tags.service.js';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

const database = await createTestDatabase('cm_tagbench');
const db = openDatabase({ DATABASE_URL: database.url, DB_SCHEMA: 'content', DB_POOL_MAX: 2 });
try {
  await migrateContent(db, 'content');
  await db.raw(
    `insert into articles (title, slug, content, excerpt, status, meta_title, meta_description, toc, content_text, search_text, search_grams, title_text, title_grams, published_at)
     select '文章 ' || g, 'a-' || g, '<p>內文</p>', '', 'published', '', '', '[]', '內文', '內文', '{內文}', '文章', '{文章}', now() - (g || ' minutes')::interval
       from generate_series(1, ?) g`,
    [ARTICLES],
  );
  const names = ['BTC', 'ＢＴＣ', 'btc', 'Rare Tag', ...Array.from({ length: 100 }, (_, i) => `標籤${i}`)];
  await db.raw(`insert into tags (name, key) select n, lower(replace(n, ' ', '-')) from unnest(?::text[]) n`, [names]);
  await db.raw(`update tags set key = 'btc' where name in ('BTC', 'ＢＴＣ', 'btc')`);
  // Spellings of the common tag spread over 3 in 10 articles; every article one of 100 ordinary tags; the rare one on the 5 oldest.
  await db.raw(`insert into article_tags (article_id, tag_id, position)
    select a.id, t.id, 0 from articles a join tags t on t.name = (array['BTC','ＢＴＣ','btc'])[1 + a.id % 3] where a.id % 10 < 3`);
  await db.raw(`insert into article_tags (article_id, tag_id, position)
    select a.id, t.id, 1 from articles a join tags t on t.name = '標籤' || (a.id % 100)`);
  await db.raw(`insert into article_tags (article_id, tag_id, position)
    select a.id, t.id, 2 from articles a join tags t on t.name = 'Rare Tag' where a.id > ? - 5`, [ARTICLES]);
  await db.raw('analyze');

  const articles = new ArticlesService(new ArticlesRepository(db), new CategoriesRepository(db), undefined);
  const tags = new TagsService(new TagsRepository(db));
  const crawl = new CrawlService(new CrawlRepository(db));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  async function measure(label: string, work: () => Promise<unknown>) {
    await work();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await work();
      times.push(performance.now() - started);
    }
    console.log(`${label.padEnd(46)} median ${median(times).toFixed(1)} ms (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`);
  }
  for (const [label, tag] of [['common (3,000 articles, 3 spellings)', 'btc'], ['ordinary (100 articles)', '標籤7'], ['rare (5 oldest articles)', 'rare-tag']] as const) {
    await measure(`heading /api/tags — ${label}`, () => tags.publicTag(tag));
    await measure(`page 1 of 12 + count — ${label}`, () => articles.list({ tag, page: 1, limit: 12 }));
  }
  await measure('last page of the common tag (page 250)', () => articles.list({ tag: 'btc', page: 250, limit: 12 }));
  await measure(`tags sitemap (${names.length} keys)`, () => crawl.tags());
} finally {
  await db.destroy();
  await database.drop();
}
