import { NEWSLETTER_PATHS } from '@coinmag/contracts/newsletter-paths';

/** What the reader sees when the request itself failed (the service's own errors are its messages). */
export const SUBSCRIBE_FAILED = '連線失敗，請稍後再試';

/** POSTs the form's choices as JSON; the service's message, or its error. */
export async function postSubscribe(email: string, digest: boolean, categoryIds: number[]): Promise<{ ok: boolean; text: string }> {
  try {
    const res = await fetch(NEWSLETTER_PATHS.subscribe, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, digest, categoryIds }),
    });
    const parsed = (await res.json().catch(() => null)) as { message?: string; error?: string } | null;
    if (!res.ok) return { ok: false, text: parsed?.error ?? SUBSCRIBE_FAILED };
    return { ok: true, text: parsed?.message ?? '' };
  } catch {
    return { ok: false, text: SUBSCRIBE_FAILED };
  }
}

/**
 * 訂閱電子報 on a server-rendered page: a `script` island (docs/adr/0011-islands.md), so no page
 * loads React for it — at the end of an article, on the home page, in the shell's footer. The
 * form is the server's markup (SubscribeFormMarkup); this sends it and writes the answer into its
 * status line (present from the start, so screen readers announce it). Without script the form
 * posts itself and the service answers with a page (docs/adr/0020). Returns the clean-up.
 */
export function runSubscribeForm(element: HTMLElement): (() => void) | undefined {
  const form = element.querySelector<HTMLFormElement>('form[data-newsletter-form]');
  const status = element.querySelector<HTMLElement>('[data-newsletter-status]');
  if (!form || !status) return undefined;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  let sending = false;

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(form);
    const categoryIds = data.getAll('category').map(Number).filter((id) => Number.isInteger(id) && id > 0);
    sending = true;
    if (button) button.disabled = true;
    const answer = await postSubscribe(String(data.get('email') ?? ''), data.get('digest') !== null, categoryIds);
    sending = false;
    if (button) button.disabled = false;
    status.className = (answer.ok ? status.dataset.okClass : status.dataset.errorClass) ?? '';
    status.textContent = answer.text;
  };
  const listener = (event: Event) => void onSubmit(event as SubmitEvent);
  form.addEventListener('submit', listener);
  return () => form.removeEventListener('submit', listener);
}
