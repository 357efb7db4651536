import { formatLongDate } from './dates.js';

/**
 * 快訊 (docs/product.md §2): the wording and time rules the server render, the live script and the
 * gateway's feed share.
 */

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/** An item's headline (page title, RSS, news sitemap, social card): its first line, cut to `max` characters. */
export function flashHeadline(text: string, max = 60): string {
  const first = text.trim().split('\n')[0]!.trim();
  const chars = Array.from(first);
  return chars.length <= max ? first : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** 「3 分鐘前」 within the last hour (「剛剛」 under a minute), then HH:mm in Taipei time. */
export function flashTimeLabel(publishedAt: string | Date, now: Date | number): string {
  const at = new Date(publishedAt).getTime();
  const ago = Number(now) - at;
  if (ago >= 0 && ago < 60_000) return '剛剛';
  if (ago >= 0 && ago < 3_600_000) return `${Math.floor(ago / 60_000)} 分鐘前`;
  const taipei = new Date(at + TAIPEI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(taipei.getUTCHours())}:${pad(taipei.getUTCMinutes())}`;
}

/** The Taipei day an item belongs to (2024-03-05), its group on /flash. */
export function flashDayKey(publishedAt: string | Date): string {
  return new Date(new Date(publishedAt).getTime() + TAIPEI_OFFSET_MS).toISOString().slice(0, 10);
}

/** A day group's heading: 今天, 昨天, else the long date. */
export function flashDayLabel(publishedAt: string | Date, now: Date | number): string {
  const day = flashDayKey(publishedAt);
  if (day === flashDayKey(new Date(now))) return '今天';
  if (day === flashDayKey(new Date(Number(now) - 86_400_000))) return '昨天';
  return formatLongDate(publishedAt);
}

/** Items grouped by Taipei day, in the order given (newest first). */
export function groupFlashByDay<T extends { published_at: string }>(items: T[]): Array<{ day: string; items: T[] }> {
  const groups: Array<{ day: string; items: T[] }> = [];
  for (const item of items) {
    const day = flashDayKey(item.published_at);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** The text split into plain runs and http(s) links, so links are made without any HTML from the item. */
export function flashTextParts(text: string): Array<{ text: string; href?: string }> {
  const parts: Array<{ text: string; href?: string }> = [];
  const pattern = /https?:\/\/[^\s<>"'「」（）()，。、]+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index!;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export const FLASH_TEXT = {
  title: '快訊',
  lead: '幣圈重要消息，第一時間更新',
  important: '重要',
  pinned: '置頂',
  fullStory: '完整報導',
  source: '來源',
  more: '載入更多快訊',
  empty: '暫無快訊',
  viewAll: '查看全部快訊',
  newItems: (n: number) => `${n} 則新快訊`,
  notFound: '快訊不存在',
  notFoundNote: '這則快訊可能已被刪除',
} as const;
