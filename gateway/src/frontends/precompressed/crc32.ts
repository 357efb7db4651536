// CRC-32 (the gzip trailer's) in JavaScript, with zlib's crc32_combine: the checksum of A·B from
// the checksums of A and of B and B's length, so a page joined per response from pieces whose
// checksums are known is checked without reading the page again.

const POLYNOMIAL = 0xedb88320;

const TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n += 1) {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
  TABLE[n] = c >>> 0;
}

export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < bytes.length; i += 1) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** a·b modulo the CRC polynomial (bit-reflected, as zlib's multmodp). */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31. */
const X_POWERS = new Uint32Array(32);
X_POWERS[0] = 0x40000000;
for (let k = 1; k < 32; k += 1) X_POWERS[k] = multiplyModP(X_POWERS[k - 1]!, X_POWERS[k - 1]!);

/** What crc32Combine needs to append `length` bytes (zlib's crc32_combine_gen); make it once per length. */
export function crc32ShiftFor(length: number): number {
  let p = 0x80000000;
  let k = 3;
  for (let n = length; n > 0; n = Math.floor(n / 2), k += 1) if (n & 1) p = multiplyModP(X_POWERS[k & 31]!, p);
  return p;
}

/** crc32(A·B) from crc32(A), crc32(B) and crc32ShiftFor(B's length). */
export function crc32Combine(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA) ^ crcB) >>> 0;
}
