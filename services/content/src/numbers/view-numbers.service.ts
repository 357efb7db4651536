import {
  API_MESSAGES,
  VIEW_DEVICES,
  VIEW_SOURCE_KINDS,
  type ArticleViews,
  type SiteViews,
  type ViewDevice,
  type ViewPeriodQuery,
  type ViewSeries,
  type ViewSource,
  type ViewSourceKind,
  type ViewSources,
} from '@coinmag/contracts';
import { NotFoundError } from '@coinmag/service-kit';
import { socialNetworkName } from '@coinmag/views';
import type { ViewNumbersRepository } from './view-numbers.repository.js';
import { bucketNames, periodRange, sinceRange, type BucketRange } from './view-ranges.js';

/** Rows of 來源 at most (the kinds' totals carry the rest). */
const TOP_SOURCES = 20;

/**
 * The editor's view charts: the site's views over a dashboard period with its top articles, and
 * one article's views since publication, each with where they came from and on which devices.
 */
export class ViewNumbersService {
  constructor(
    private readonly repository: ViewNumbersRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async site(query: ViewPeriodQuery): Promise<SiteViews> {
    const now = this.clock();
    const range = periodRange(query.period, now);
    const [series, top, sources, devices] = await Promise.all([
      this.repository.series(range),
      this.repository.topArticles(range, query.limit),
      this.repository.sources(range),
      this.repository.devices(range),
    ]);
    const names = bucketNames(range);
    const perArticle = await this.repository.articleSeries(range, top.map((article) => article.id));
    const sparklines = new Map(top.map((article) => [article.id, new Map<string, number>()]));
    for (const row of perArticle) sparklines.get(row.articleId)?.set(row.at, row.views);
    const filled = zeroFilled(range, names, series.points);
    return {
      period: query.period,
      from: range.from.toISOString(),
      to: now.toISOString(),
      total: sum(filled.points.map((point) => point.views)),
      series: filled,
      top_articles: top.map((article) => ({ ...article, sparkline: names.map((name) => sparklines.get(article.id)!.get(name) ?? 0) })),
      sources: groupSources(sources),
      devices: deviceSplit(devices),
      demo: series.demo,
    };
  }

  async article(id: number): Promise<ArticleViews> {
    const row = await this.repository.article(id);
    if (!row) throw new NotFoundError(API_MESSAGES.articleNotFound);
    const now = this.clock();
    const published = row.published_at && row.published_at <= now ? row.published_at : null;
    const range = sinceRange(published ?? row.created_at, now);
    const [series, sources, devices] = await Promise.all([this.repository.series(range, id), this.repository.sources(range, id), this.repository.devices(range, id)]);
    const filled = zeroFilled(range, bucketNames(range), series.points);
    return {
      article: { id: row.id, title: row.title, slug: row.slug, status: row.status, published_at: row.published_at ? row.published_at.toISOString() : null },
      from: (published ?? row.created_at).toISOString(),
      to: now.toISOString(),
      total: sum(filled.points.map((point) => point.views)),
      series: filled,
      sources: groupSources(sources),
      devices: deviceSplit(devices),
      demo: series.demo,
    };
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function zeroFilled(range: BucketRange, names: string[], points: Map<string, number>): ViewSeries {
  return { granularity: range.granularity, points: names.map((at) => ({ at, views: points.get(at) ?? 0 })) };
}

const KIND_LABELS: Record<ViewSourceKind, string | null> = { search: '搜尋引擎', social: null, direct: '直接', site: null };

/** 搜尋引擎 and 直接 as one row each, a social network's hosts together under its name, other sites by host. */
export function groupSources(rows: Array<{ kind: ViewSourceKind; host: string; views: number }>): ViewSources {
  const kinds = new Map<ViewSourceKind, number>(VIEW_SOURCE_KINDS.map((kind) => [kind, 0]));
  const grouped = new Map<string, ViewSource>();
  for (const row of rows) {
    if (row.views <= 0) continue;
    kinds.set(row.kind, kinds.get(row.kind)! + row.views);
    const label = KIND_LABELS[row.kind] ?? (row.kind === 'social' ? socialNetworkName(row.host) : row.host || '其他網站');
    const key = `${row.kind}\n${label}`;
    const source = grouped.get(key) ?? { kind: row.kind, label, views: 0 };
    source.views += row.views;
    grouped.set(key, source);
  }
  const top = [...grouped.values()].sort((a, b) => b.views - a.views || a.label.localeCompare(b.label)).slice(0, TOP_SOURCES);
  return { kinds: VIEW_SOURCE_KINDS.map((kind) => ({ kind, views: kinds.get(kind)! })), top };
}

function deviceSplit(rows: Array<{ device: ViewDevice; views: number }>): Array<{ device: ViewDevice; views: number }> {
  const views = new Map(rows.map((row) => [row.device, row.views]));
  return VIEW_DEVICES.map((device) => ({ device, views: views.get(device) ?? 0 }));
}
