// A thread of ArticleBodyPool: builds the stored form of article bodies, one job at a time, so
// the sanitiser's seconds of CPU never hold the service's event loop. Bundled as its own entry
// (dist/article-body-worker.js); from sources it is loaded through article-body-worker-tsx.mjs.
import { parentPort } from 'node:worker_threads';
import { buildArticleWrite, type ArticleFields } from './article-write.js';
import type { ArticleWrite } from './articles.repository.js';

export interface BodyJob {
  id: number;
  fields: ArticleFields;
}
export type BodyMessage = { ready: true } | { id: number; write: ArticleWrite } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('article-body-worker runs inside a worker thread');
port.on('message', ({ id, fields }: BodyJob) => {
  let reply: BodyMessage;
  try {
    reply = { id, write: buildArticleWrite(fields) };
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies BodyMessage);
