import type { Middleware } from 'koa';
import { isWordPressLinkShape, WORDPRESS_IMPORT_PATHS, wordpressOldLinkSchema } from '@coinmag/contracts';
import { sendBuffered } from './send.js';
import type { UpstreamPool } from './upstream-pool.js';

/**
 * Old WordPress addresses (docs/product.md, WordPress import): a GET of one of WordPress's URL
 * shapes that nothing of ours answered is looked up in the content service's table of imported
 * sources and answered 301 to the page here; anything it does not know goes on to the normal page
 * (and its 404). Runs after the proxy, so /api/ and /uploads/ never reach it.
 */
export function answerWordPressLinks({ content, timeoutMs }: { content: UpstreamPool; timeoutMs: number }): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/admin') || !isWordPressLinkShape(ctx.path, new URLSearchParams(ctx.querystring))) return next();
    const query = new URLSearchParams({ path: ctx.path });
    const postId = ctx.query.p;
    if (ctx.path === '/' && typeof postId === 'string') query.set('p', postId);
    let location: string | undefined;
    try {
      const answer = await sendBuffered(content, { method: 'GET', path: `${WORDPRESS_IMPORT_PATHS.oldLink}?${query}`, headers: { accept: 'application/json' }, timeoutMs }, { waitForRestartMs: 0 }, 16 * 1024);
      if (answer.status === 200) location = wordpressOldLinkSchema.parse(JSON.parse(answer.body.toString('utf8'))).location;
    } catch {
      // The lookup is a courtesy to old links: when it fails the request is answered as if it were not one.
    }
    // Only a path on this site: the table can never send a reader elsewhere.
    if (!location || !location.startsWith('/') || location.startsWith('//')) return next();
    ctx.status = 301;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.redirect(location);
  };
}
