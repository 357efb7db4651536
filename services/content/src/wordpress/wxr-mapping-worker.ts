// A thread of WxrMappingPool: maps WordPress posts (shortcodes, HTML, images) one at a time, so
// that no export's bodies hold the service's event loop. Bundled as its own entry
// (dist/wxr-mapping-worker.js); from sources it is loaded through wxr-mapping-worker-tsx.mjs.
import { parentPort } from 'node:worker_threads';
import { draftPost, type PostDraft } from './wxr-mapping.js';
import type { WxrItem } from './wxr-parser.js';

export interface MappingJob {
  id: number;
  item: WxrItem;
  context: { attachments: Map<number, string>; categorySlugs: Map<string, string> };
}
export type MappingMessage = { ready: true } | { id: number; post: PostDraft } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('wxr-mapping-worker runs inside a worker thread');
port.on('message', ({ id, item, context }: MappingJob) => {
  let reply: MappingMessage;
  try {
    reply = { id, post: draftPost(item, context) };
  } catch (err) {
    reply = { id, error: (err as Error).message };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies MappingMessage);
