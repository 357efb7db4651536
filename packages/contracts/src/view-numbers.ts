import { z } from 'zod';

/**
 * The editor's view charts (docs/product.md, 儀表板): the whole site's views over a period, the
 * period's top articles with a sparkline each, one article's views since publication, and where
 * the views came from (kind of source, host) and on which device class. Read from the hourly and
 * daily view buckets; every series is zero-filled and cut at Taipei hours, days and months.
 */

/** The dashboard's periods: the last 24 hours and 7 days (by hour), 30 Taipei days (by day), 12 Taipei months (by month). */
export const VIEW_PERIODS = ['24h', '7d', '30d', '12m'] as const;
export type ViewPeriod = (typeof VIEW_PERIODS)[number];

/**
 * A bucket's granularity. `at` names the bucket: an hour by its first instant (ISO 8601, UTC);
 * a day by its Taipei date (YYYY-MM-DD); a month by its Taipei month (YYYY-MM).
 */
export type ViewGranularity = 'hour' | 'day' | 'month';

export const VIEW_SOURCE_KINDS = ['search', 'social', 'direct', 'site'] as const;
export type ViewSourceKind = (typeof VIEW_SOURCE_KINDS)[number];
export const VIEW_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type ViewDevice = (typeof VIEW_DEVICES)[number];

const periodError = { message: `期間必須是 ${VIEW_PERIODS.join('、')} 其中之一` };

export const viewPeriodQuerySchema = z.object({
  period: z.enum(VIEW_PERIODS, { errorMap: () => periodError }).default('7d'),
  limit: z.coerce.number({ invalid_type_error: '文章數必須是 1 到 50 的整數' }).int('文章數必須是 1 到 50 的整數').min(1, '文章數必須是 1 到 50 的整數').max(50, '文章數必須是 1 到 50 的整數').default(10),
});
export type ViewPeriodQuery = z.infer<typeof viewPeriodQuerySchema>;

export const viewArticleParamsSchema = z.object({
  id: z.coerce.number({ invalid_type_error: '文章編號必須是正整數' }).int('文章編號必須是正整數').min(1, '文章編號必須是正整數').max(2_147_483_647, '文章編號必須是正整數'),
});

export interface ViewPoint {
  at: string;
  views: number;
}

export interface ViewSeries {
  granularity: ViewGranularity;
  points: ViewPoint[];
}

/**
 * Where views came from, most first: 搜尋引擎 as one row, each social network by name (its hosts
 * together: LINE, Facebook, X, Telegram…), 直接, and every other site by its host.
 */
export interface ViewSource {
  kind: ViewSourceKind;
  /** 搜尋引擎, a network's name, 直接, or the site's host. */
  label: string;
  views: number;
}

export interface ViewSources {
  /** The total per kind, all four always present. */
  kinds: Array<{ kind: ViewSourceKind; views: number }>;
  top: ViewSource[];
}

export interface ViewDevices {
  /** All three device classes always present, in VIEW_DEVICES order. */
  devices: Array<{ device: ViewDevice; views: number }>;
}

/** GET /api/admin/numbers/views?period=&limit=: the whole site over a period. */
export interface SiteViews {
  period: ViewPeriod;
  /** The first instant counted (ISO 8601) and the moment of the answer. */
  from: string;
  to: string;
  total: number;
  series: ViewSeries;
  top_articles: Array<{ id: number; title: string; slug: string; views: number; sparkline: number[] }>;
  sources: ViewSources;
  devices: ViewDevices['devices'];
  /** Some of these figures are the demo seed's made-up history (示範資料). */
  demo: boolean;
}

/** GET /api/admin/numbers/views/articles/{id}: one article since its publication. */
export interface ArticleViews {
  article: { id: number; title: string; slug: string; status: string; published_at: string | null };
  /** Where the series starts: its publication, or its creation when it has not been published. */
  from: string;
  to: string;
  total: number;
  /** Hourly while the article is at most 7 days old, daily up to 400 days, monthly beyond. */
  series: ViewSeries;
  sources: ViewSources;
  devices: ViewDevices['devices'];
  demo: boolean;
}
