import { useEffect, useState } from 'react';
import { autosaveApi, type AutosaveTarget } from '../../api/history-api';
import { asApiError } from '../../api/http';
import type { ArticleFormValues } from './article-form';
import { autosaveBody, sameText, writeLocalDraft } from './local-drafts';

/** Idle time after the last change before the copy goes to the server. */
export const AUTOSAVE_IDLE_MS = 3000;

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'local'; at: string }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string };

interface AutosaveOptions {
  articleId: number | null;
  draftKey: string;
  values: ArticleFormValues | null;
  /** The text as loaded or last saved: nothing is kept while the form still equals it. */
  baseline: ArticleFormValues | null;
  baseVersion: number | null;
  /** Until the form knows whether an older copy exists, its text is not yet the admin's. */
  paused: boolean;
}

/**
 * Keeps what is typed: in the browser at once, on the server after a few idle seconds (as an
 * autosave copy, never as the article's saved state).
 */
export function useAutosave({ articleId, draftKey, values, baseline, baseVersion, paused }: AutosaveOptions): AutosaveStatus {
  const [status, setStatus] = useState<AutosaveStatus>({ kind: 'idle' });

  useEffect(() => {
    if (!values || paused || (baseline && sameText(values, baseline))) return;
    const at = new Date().toISOString();
    const kept = writeLocalDraft(window.localStorage, { articleId, draftKey: articleId ? null : draftKey, values, baseVersion, savedAt: at });
    setStatus(kept ? { kind: 'local', at } : { kind: 'idle' });
    const target: AutosaveTarget = articleId ? { articleId } : { draftKey };
    let live = true;
    const timer = window.setTimeout(() => {
      setStatus({ kind: 'saving' });
      autosaveApi.put(target, autosaveBody(values, baseVersion)).then(
        (saved) => live && setStatus({ kind: 'saved', at: saved.saved_at }),
        (err: unknown) => {
          if (!live) return;
          const error = asApiError(err, '');
          setStatus({ kind: 'failed', message: error.status === 401 ? '登入已過期，請重新登入（內容已保留在這個瀏覽器）' : '自動儲存失敗，內容已保留在這個瀏覽器' });
        },
      );
    }, AUTOSAVE_IDLE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [values, baseline, baseVersion, articleId, draftKey, paused]);

  return status;
}
