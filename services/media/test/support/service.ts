import { createLogger, listen, type RunningServer } from '@coinmag/service-kit';
import { createApp, type MediaAppDeps } from '../../src/app.js';
import { createImageLanes } from '../../src/images/work-queue.js';
import type { MediaService } from '../../src/media/media.service.js';
import type { ObjectStorage } from '../../src/storage/object-storage.js';

export interface RunningMedia {
  url: string;
  media: MediaService;
  close(): Promise<void>;
}

/** The real app over HTTP on a free loopback port. */
export async function startMedia(storage: ObjectStorage, publicKey: string, concurrency = 2, extra: Partial<MediaAppDeps> = {}): Promise<RunningMedia> {
  const log = createLogger('media-test', 'silent');
  const { app, media } = createApp({ storage, log, publicKey, lanes: createImageLanes({ concurrency, queueLimit: 50, onDemandConcurrency: 1, onDemandQueueLimit: 8 }), ...extra });
  const running: RunningServer = await listen(app, 0, '127.0.0.1');
  return {
    url: `http://127.0.0.1:${running.port}`,
    media,
    close: async () => {
      running.server.closeAllConnections();
      await running.close();
    },
  };
}

export async function upload(base: string, token: string | undefined, data: Buffer, filename: string, type: string, options: { fields?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  form.append('image', new Blob([new Uint8Array(data)], { type }), filename);
  return fetch(`${base}/api/uploads/image`, { method: 'POST', body: form, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers } });
}
