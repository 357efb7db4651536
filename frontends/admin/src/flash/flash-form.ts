import { FLASH_LIMITS, FLASH_MESSAGES, type AdminFlash } from '@coinmag/contracts';
import { toTaipeiDateTimeLocal } from '../articles/form/article-form';
import type { FlashSend } from '../api/flash-api';

/** The 快訊 form's values (docs/product.md §2 快訊, back office). */
export interface FlashFormValues {
  text: string;
  tags: string;
  important: boolean;
  pinned: boolean;
  sourceUrl: string;
  articleId: string;
  /** Taipei local date and time (datetime-local); empty: now. */
  scheduledAt: string;
}

export const EMPTY_FLASH: FlashFormValues = { text: '', tags: '', important: false, pinned: false, sourceUrl: '', articleId: '', scheduledAt: '' };

export const charCount = (text: string) => Array.from(text.trim()).length;

export function valuesFromFlash(item: AdminFlash): FlashFormValues {
  return {
    text: item.text,
    tags: item.tags.map((tag) => tag.name).join('、'),
    important: item.important,
    pinned: item.pinned,
    sourceUrl: item.source_url ?? '',
    articleId: item.article_id ? String(item.article_id) : '',
    scheduledAt: item.status === 'scheduled' ? toTaipeiDateTimeLocal(item.published_at) : '',
  };
}

/** The first problem the server would refuse, said the same way before anything is sent. */
export function validateFlash(values: FlashFormValues): string | null {
  const count = charCount(values.text);
  if (count === 0) return FLASH_MESSAGES.textRequired;
  if (count > FLASH_LIMITS.text) return FLASH_MESSAGES.textTooLong;
  if (values.sourceUrl.trim() && !/^https?:\/\/\S+$/i.test(values.sourceUrl.trim())) return FLASH_MESSAGES.badLink;
  return null;
}

/** Tags typed separated by commas, 、 or spaces. */
export function tagsOf(text: string): string[] {
  return text.split(/[,，、\s]+/).map((tag) => tag.trim()).filter(Boolean).slice(0, FLASH_LIMITS.tags);
}

/** The body of a save; `editing` keeps the published time of an item already out (none sent). */
export function flashBody(values: FlashFormValues, editing?: AdminFlash): FlashSend {
  const articleId = Number(values.articleId);
  return {
    text: values.text,
    tags: tagsOf(values.tags),
    important: values.important,
    pinned: values.pinned,
    source_url: values.sourceUrl.trim() || null,
    article_id: values.articleId.trim() && Number.isInteger(articleId) && articleId > 0 ? articleId : null,
    // Empty: now for a new item, unchanged for one already out, now for a scheduled one (published at once).
    published_at: values.scheduledAt ? `${values.scheduledAt}:00+08:00` : editing?.status === 'scheduled' ? new Date().toISOString() : null,
    ...(editing ? { version: editing.version } : {}),
  };
}
