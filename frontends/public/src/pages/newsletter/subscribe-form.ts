import { subscribe } from './newsletter-api';

/**
 * 訂閱電子報 on a server-rendered page: a `script` island (docs/adr/0011-islands.md), so the home
 * page and articles load no React for it. The form is the server's markup; this sends it and
 * writes the answer into its status line (present from the start, so screen readers announce it).
 * Returns the clean-up.
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
    const answer = await subscribe(String(data.get('email') ?? ''), data.get('digest') !== null, categoryIds);
    sending = false;
    if (button) button.disabled = false;
    status.className = (answer.ok ? status.dataset.okClass : status.dataset.errorClass) ?? '';
    status.textContent = answer.ok ? answer.body.message : answer.error;
  };
  const listener = (event: Event) => void onSubmit(event as SubmitEvent);
  form.addEventListener('submit', listener);
  return () => form.removeEventListener('submit', listener);
}
