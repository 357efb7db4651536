import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Combine, crc32ShiftFor } from './crc32.js';

describe('crc32', () => {
  const text = Buffer.from('比特幣是第一個成功運作的去中心化數位貨幣。'.repeat(200));

  it('matches zlib', () => {
    expect(crc32(text)).toBe(zlibCrc32(text));
    expect(crc32(Buffer.alloc(0))).toBe(0);
    expect(crc32(text.subarray(7), crc32(text.subarray(0, 7)))).toBe(zlibCrc32(text));
  });

  it('combines the checksums of two parts into the checksum of the whole', () => {
    for (const cut of [0, 1, 13, 4096, text.length]) {
      const a = text.subarray(0, cut);
      const b = text.subarray(cut);
      expect(crc32Combine(crc32(a), crc32(b), crc32ShiftFor(b.length))).toBe(zlibCrc32(text));
    }
  });
});
