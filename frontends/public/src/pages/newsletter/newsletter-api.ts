import type { NewsletterLinkState, PublicCategory } from '@coinmag/contracts';
import { NEWSLETTER_PATHS } from '@coinmag/contracts/newsletter-paths';

export type Answer<T> = { ok: true; body: T } | { ok: false; error: string; status: number };

const FAILED = '連線失敗，請稍後再試';

/** The newsletter's endpoints from the reader's browser (same origin, through the gateway). */
async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  try {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const parsed = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
    if (!res.ok) return { ok: false, status: res.status, error: parsed?.error ?? FAILED };
    return { ok: true, body: parsed as T };
  } catch {
    return { ok: false, status: 0, error: FAILED };
  }
}

export const readLink = (token: string) => call<NewsletterLinkState>('GET', `${NEWSLETTER_PATHS.link}?t=${encodeURIComponent(token)}`);
export const confirm = (token: string) => call<NewsletterLinkState & { message: string }>('POST', NEWSLETTER_PATHS.confirm, { token });
export const savePreferences = (token: string, digest: boolean, categoryIds: number[]) =>
  call<NewsletterLinkState & { message: string }>('PUT', NEWSLETTER_PATHS.preferences, { token, digest, categoryIds });
export const unsubscribe = (token: string) => call<{ message: string }>('POST', NEWSLETTER_PATHS.unsubscribe, { token });
/** The site's categories, offered as 新文章通知 on the preferences page. */
export const readCategories = () => call<PublicCategory[]>('GET', '/api/categories');
