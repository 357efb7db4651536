import { checkedReferrerHost, deviceClass, DEVICE_CLASSES, SOURCE_KINDS, viewSource, type DeviceClass, type SourceKind } from './view-source.js';

/** Counted views per bucket field (`bucketField`), held with a batch's counts per article. */
export type BucketCounts = Map<string, number>;

/** One hourly bucket of views: the hour (Unix hours), the article, the source and the device. */
export interface ViewBucket {
  hour: number;
  articleId: number;
  kind: SourceKind;
  device: DeviceClass;
  /** The referring site's host; '' when direct. */
  host: string;
}

const HOUR_MS = 3_600_000;

/**
 * A bucket as a field of a batch's hash, beside the article-id fields (which are digits only, so
 * never mistaken for one): `b|{hour}|{article id}|{kind}|{device}|{host}`.
 */
export function bucketField(articleId: number, now: number, kind: SourceKind, device: DeviceClass, host: string): string {
  return `b|${Math.floor(now / HOUR_MS)}|${articleId}|${kind}|${device}|${host}`;
}

const FIELD = /^b\|(\d{1,8})\|([1-9]\d{0,9})\|([a-z]{1,8})\|([a-z]{1,8})\|([a-z0-9.-]{0,253})$/;

/** The bucket a field names; undefined for an article-id field or anything malformed. */
export function parseBucketField(field: string): ViewBucket | undefined {
  const match = FIELD.exec(field);
  if (!match) return undefined;
  const kind = match[3] as SourceKind;
  const device = match[4] as DeviceClass;
  const host = match[5]!;
  if (!SOURCE_KINDS.includes(kind) || !DEVICE_CLASSES.includes(device)) return undefined;
  if ((kind === 'direct') !== (host === '') || (host !== '' && checkedReferrerHost(host) !== host)) return undefined;
  return { hour: Number(match[1]), articleId: Number(match[2]), kind, device, host };
}

/** The bucket field of a view counted now: the beacon's referring host (checked at the edge) and its user agent's device class. */
export function beaconBucket(articleId: number, now: number, beacon: { referrer?: string; userAgent: string }): string {
  const source = viewSource(beacon.referrer ?? '');
  return bucketField(articleId, now, source.kind, deviceClass(beacon.userAgent), source.host);
}
