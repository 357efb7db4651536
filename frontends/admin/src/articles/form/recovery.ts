import { autosaveApi } from '../../api/history-api';
import type { ArticleFormValues } from './article-form';
import { newestNewDraft, readLocalDraft, removeLocalDraft, sameText, valuesFromAutosave } from './local-drafts';

/** An unsaved copy newer than what the form would show: offered for restore or discard. */
export interface RecoveryOffer {
  values: ArticleFormValues;
  /** When the copy was made (ISO). */
  at: string;
  /** A new article's key (null for an existing article). */
  draftKey: string | null;
  baseVersion: number | null;
}

/** The newest copy, in this browser or on the server, whose text differs from `loaded`. */
export async function findRecovery(articleId: number | null, loaded: ArticleFormValues): Promise<RecoveryOffer | null> {
  const local = articleId ? readLocalDraft(window.localStorage, articleId, null) : newestNewDraft(window.localStorage);
  const offers: RecoveryOffer[] = [];
  if (local) offers.push({ values: local.values, at: local.savedAt, draftKey: local.draftKey, baseVersion: local.baseVersion });
  const target = articleId ? { articleId } : local?.draftKey ? { draftKey: local.draftKey } : null;
  if (!target) {
    // A new article with no copy in this browser: the newest one on the server (another browser, a lost one).
    try {
      const latest = await autosaveApi.latestDraft();
      if (latest.autosave && latest.draft_key) offers.push({ values: valuesFromAutosave(latest.autosave, loaded), at: latest.autosave.saved_at, draftKey: latest.draft_key, baseVersion: null });
    } catch {
      // nothing to offer
    }
  } else {
    try {
      const { autosave } = await autosaveApi.get(target);
      if (autosave) {
        offers.push({ values: valuesFromAutosave(autosave, local?.values ?? loaded), at: autosave.saved_at, draftKey: local?.draftKey ?? null, baseVersion: autosave.base_version });
      }
    } catch {
      // The server copy is a second line; the browser's copy is offered alone.
    }
  }
  const differing = offers.filter((offer) => !sameText(offer.values, loaded));
  return differing.sort((a, b) => b.at.localeCompare(a.at))[0] ?? null;
}

/** Drops both copies of an offer the admin chose not to restore. */
export function discardRecovery(articleId: number | null, offer: RecoveryOffer): void {
  removeLocalDraft(window.localStorage, articleId, offer.draftKey);
  const target = articleId ? { articleId } : offer.draftKey ? { draftKey: offer.draftKey } : null;
  if (target) autosaveApi.remove(target).catch(() => {});
}
