import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHostile, HOSTILE_STRINGS, HOSTILE_URL_STRINGS, hostileProbes, showHostile as show, unsafeOnTheWire } from '@coinmag/service-kit/testing';
import { diskAdapter } from './support/adapters.js';
import { createTestKeys } from './support/auth.js';
import { solid } from './support/fixtures.js';
import { startMedia, type RunningMedia } from './support/service.js';

/** Every parameter and form field of the media service with every hostile value: never a 500. */
const keys = createTestKeys();
const adapter = diskAdapter();
let service: RunningMedia;
let png: Buffer;

beforeAll(async () => {
  await adapter.setUp();
  service = await startMedia(await adapter.fresh(), keys.publicKey);
  png = await solid(8, 8).png().toBuffer();
});
afterAll(async () => {
  await service?.close();
  await adapter.tearDown();
});

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function uploadWith(extra: (form: FormData) => void, filename = 'a.png'): Promise<Response> {
  const form = new FormData();
  extra(form);
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), filename);
  return fetch(`${service.url}/api/uploads/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${keys.token()}` } });
}

describe('media service under hostile input', () => {
  it('refuses a NUL in a form field or file name with a 400', async () => {
    const field = await uploadWith((form) => form.append('alt', 'a\u0000'));
    expect(field.status).toBe(400);
    expect(await field.json()).toEqual({ error: expect.stringMatching(/^alt 含有不允許的字元/), field: 'alt' });
    // A raw NUL in a part header is already a malformed part to busboy: a 400 all the same.
    expect((await uploadWith(() => {}, 'a\u0000.png')).status).toBe(400);
  });

  it('never answers a query, a path, a form field or a file name with a 500', async () => {
    const { failures, check } = hostileProbes();
    for (const value of HOSTILE_URL_STRINGS) {
      const q = encodeHostile(value);
      const unsafe = unsafeOnTheWire(value);
      await check(`GET /api/uploads/test?${show(value)}`, unsafe, fetch(`${service.url}/api/uploads/test?${q}=${q}`));
      // Delivery matches the raw path against one strict pattern: anything else is a 404.
      await check(`GET /uploads/${show(value)}`, false, fetch(`${service.url}/uploads/${q}`));
    }
    for (const value of HOSTILE_STRINGS) {
      // Form values travel as UTF-8 (a lone surrogate as U+FFFD); part names and file names as Latin-1.
      await check(`field alt=${show(value)}`, unsafeOnTheWire(value), uploadWith((form) => form.append('alt', value)));
      await check(`field name ${show(value)}`, CONTROL.test(value), uploadWith((form) => form.append(value.slice(0, 100), 'x')));
      await check(`file name ${show(value)}`, CONTROL.test(value), uploadWith(() => {}, value.slice(0, 200)));
      const form = new FormData();
      form.append('image', new Blob([value]), 'x.png');
      await check(`image bytes ${show(value)}`, false, fetch(`${service.url}/api/uploads/image`, { method: 'POST', body: form, headers: { authorization: `Bearer ${keys.token()}` } }));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
