import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { newCspNonce } from '../../csp/nonce.js';
import { compressAroundHoles, fillHoles, type Encoding } from './compress-around-holes.js';

const LEVELS = { brotliQuality: 10, gzipLevel: 6 };
const HOLE = 24;

/** A page like ours: a head of script tags each with a nonce, then a long body of text. */
function pageWith(holes: number): { pieces: Buffer[]; fill: (nonce: string) => Buffer } {
  const body = Array.from({ length: 300 }, (_, i) => `<article><h2>第 ${i} 篇：比特幣與以太坊的入門指南</h2><p>區塊鏈 ${i % 17} 錢包、私鑰、交易所與穩定幣。</p></article>`).join('\n');
  const pieces = [`<!doctype html><html lang="zh-Hant-TW"><head><title>幣週刊</title>`];
  for (let i = 0; i < holes; i += 1) {
    pieces[pieces.length - 1] += `<script src="/mf/shell/chunk-${i}.js" nonce="`;
    pieces.push(`" defer></script>${i === holes - 1 ? `</head><body>${body}` : ''}`);
  }
  if (holes === 0) pieces[0] += `</head><body>${body}`;
  pieces[pieces.length - 1] += '</body></html>';
  const buffers = pieces.map((piece) => Buffer.from(piece));
  return { pieces: buffers, fill: (nonce) => Buffer.from(pieces.join(nonce)) };
}

function decode(encoding: Encoding, body: Buffer): Buffer {
  return encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
}

function whole(encoding: Encoding, page: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: LEVELS.brotliQuality } }) : gzipSync(page, { level: LEVELS.gzipLevel });
}

describe('compressAroundHoles', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    for (const holes of [0, 1, 12]) {
      it(`${encoding}, ${holes} holes: every nonce decodes to the page with that nonce, close to the whole page compressed`, async () => {
        const { pieces, fill } = pageWith(holes);
        const form = await compressAroundHoles(pieces, HOLE, encoding, LEVELS);
        expect(form).not.toBeNull();
        for (const nonce of [newCspNonce(), newCspNonce(), 'A'.repeat(HOLE), '+/+/+/+/+/+/+/+/+/+/+/==']) {
          const body = fillHoles(form!, Buffer.from(nonce));
          expect(decode(encoding, body).equals(fill(nonce))).toBe(true);
          // A few bytes per hole for the flush and the hole's own block, nothing more.
          expect(body.length).toBeLessThan(whole(encoding, fill(nonce)).length * 1.05 + holes * 40);
        }
      });
    }
  }

  it('refuses a hole of another length', async () => {
    const form = await compressAroundHoles(pageWith(1).pieces, HOLE, 'gzip', LEVELS);
    expect(() => fillHoles(form!, Buffer.from('short'))).toThrow();
  });

  it('keeps pages whose text holds every byte value but two, and gives up on one with fewer', async () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const twoMissing = Buffer.from(all.filter((byte) => byte !== 7 && byte !== 200));
    for (const encoding of ['br', 'gzip'] as const) {
      const pieces = [twoMissing, Buffer.from('">x'), twoMissing];
      const form = await compressAroundHoles(pieces, HOLE, encoding, LEVELS);
      const nonce = Buffer.from(newCspNonce());
      expect(decode(encoding, fillHoles(form!, nonce)).equals(Buffer.concat([pieces[0]!, nonce, pieces[1]!, nonce, pieces[2]!]))).toBe(true);
      expect(await compressAroundHoles([all, Buffer.from('">'), all], HOLE, encoding, LEVELS)).toBeNull();
    }
  });

  it('gives up when a hole is followed by fewer than two bytes', async () => {
    expect(await compressAroundHoles([Buffer.from('<script nonce="'), Buffer.from('"')], HOLE, 'gzip', LEVELS)).toBeNull();
  });
});
