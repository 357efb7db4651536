/**
 * Where to go back to after signing in again, and which form copy to bring back without
 * asking: kept in this tab's session storage across the login form.
 */
const RETURN_KEY = 'admin-return-to';
const RESUME_KEY = 'admin-resume-draft';

/** The storage key of the article form's copy while a form is open (null when none). */
let openDraft: string | null = null;

export function setOpenDraft(key: string | null): void {
  openDraft = key;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The session ended: come back to `path` after signing in, with the open form's text. */
export function rememberReturn(path: string): void {
  const storage = session();
  if (!storage || !path.startsWith('/admin/') || path.startsWith('/admin/login')) return;
  storage.setItem(RETURN_KEY, path);
  if (openDraft) storage.setItem(RESUME_KEY, openDraft);
  else storage.removeItem(RESUME_KEY);
}

export function peekReturnPath(): string | null {
  const path = session()?.getItem(RETURN_KEY) ?? null;
  return path && path.startsWith('/admin/') ? path : null;
}

export function takeReturnPath(): string | null {
  const path = peekReturnPath();
  session()?.removeItem(RETURN_KEY);
  return path;
}

/** True once for the form copy that was open when the session ended. */
export function takeResume(draftKey: string): boolean {
  const storage = session();
  if (storage?.getItem(RESUME_KEY) !== draftKey) return false;
  storage.removeItem(RESUME_KEY);
  return true;
}

/** The newest-new-draft key that was open, if any (a new article's form looks for it). */
export function pendingResume(): string | null {
  return session()?.getItem(RESUME_KEY) ?? null;
}
