import type { Context } from 'koa';
import { subscribeInputSchema, type SubscribeInput } from '@coinmag/contracts';
import { assertSafeJson, errorAnswer, parseInput, readBoundedBody } from '@coinmag/service-kit';
import { escapeHtml, SITE_NAME } from '../mail/templates.js';

/**
 * The subscribe form posted by the browser itself (its script not run: off, failed, not loaded
 * yet): `application/x-www-form-urlencoded`, answered with a page in the words the script would
 * have shown — never the JSON meant for the script.
 */
export function isFormPost(ctx: Context): boolean {
  return ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
}

/** The form's fields (email, digest, category…) as the JSON endpoint's input, checked by the same schema. */
export async function readSubscribeForm(ctx: Context, maxBytes = 4096): Promise<SubscribeInput> {
  const fields = new URLSearchParams((await readBoundedBody(ctx, maxBytes)).toString('utf8'));
  const input = {
    email: fields.get('email') ?? '',
    digest: fields.has('digest'),
    categoryIds: fields.getAll('category').map(Number).filter((id) => Number.isInteger(id) && id > 0),
  };
  assertSafeJson(input);
  return parseInput(subscribeInputSchema, input);
}

/** Back to the page the form was on: its path only (a link on this site whatever the Referer named), never an API path. */
function backPath(referer: string): string {
  try {
    const url = new URL(referer);
    return url.pathname.startsWith('/api/') ? '/' : `${url.pathname}${url.search}`;
  } catch {
    return '/';
  }
}

function page(ok: boolean, message: string, back: string): string {
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>訂閱電子報｜${SITE_NAME}</title>
<style>body{margin:0;font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2328;background:#f8fafc;line-height:1.7}main{max-width:36rem;margin:3rem auto;padding:1.5rem;background:#fff;border:1px solid #e5e7eb;border-radius:8px}h1{font-size:1.3rem;margin:0 0 1rem}.ok{color:#166534}.error{color:#b91c1c}a{color:#b45309;font-weight:bold}</style></head>
<body><main><h1>訂閱電子報</h1>
<p class="${ok ? 'ok' : 'error'}" role="${ok ? 'status' : 'alert'}">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(back)}">${ok ? `回到${SITE_NAME}` : '回上一頁重新填寫'}</a></p></main></body></html>
`;
}

/** Runs the subscribe step for a form post and answers a page: the message and a way back, with the step's status. */
export async function answerFormPost(ctx: Context, subscribe: (input: SubscribeInput) => Promise<string>): Promise<void> {
  const back = backPath(ctx.get('referer'));
  let status = 202;
  let ok = true;
  let message: string;
  try {
    message = await subscribe(await readSubscribeForm(ctx));
  } catch (err) {
    const answer = errorAnswer(err, ctx.state.log);
    ({ status } = answer);
    ok = false;
    message = answer.body.error;
    ctx.set(answer.headers);
  }
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page(ok, message, back);
}
