import { promisify } from 'node:util';
import { brotliDecompress, constants, createBrotliCompress, createDeflateRaw, gunzip, type BrotliCompress, type DeflateRaw } from 'node:zlib';
import { crc32, crc32Combine, crc32ShiftFor } from './crc32.js';

// A body with holes of fixed lengths (a page's CSP nonces, its price ticker), compressed once, so
// that each response is only the compressed parts joined around its own hole bytes: no
// compression per response.
//
// The body goes through ONE compressor with a flush after each piece, so the pieces are compressed
// against everything before them, and each hole is fed as filler bytes that occur nowhere in the
// body: nothing after a hole can then copy from it. A hole's compressed output is thrown away and
// each response writes its bytes as a stored block (deflate) or an uncompressed metablock
// (brotli), with the two bytes that follow the hole: brotli picks a literal's code from the two
// bytes before it, so the first coded byte after a hole must follow bytes that never change.
// Brotli streams cannot simply be concatenated (backward distances decide what is a dictionary
// reference, and the last distances are carried over); this keeps one stream, and each form is
// checked once by decoding it (see `verify`) and not used when it does not decode exactly.

export type Encoding = 'br' | 'gzip';

/** Bytes after each hole kept in the block written per response (brotli's literal context). */
const CONTEXT_BYTES = 2;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** A body compressed around its holes; `fillHoles` makes a response of it. */
export interface CompressedAroundHoles {
  readonly encoding: Encoding;
  /** Each hole's length, in the body's order. */
  readonly holeLengths: readonly number[];
  /** Sent before the first hole's bytes, between two holes' bytes, and after the last. */
  readonly parts: Buffer[];
  /** gzip: what its trailer needs (CRC-32 and length of the whole body). */
  readonly checksum?: { pieceCrcs: number[]; pieceShifts: number[]; holeShifts: number[]; length: number };
}

export interface CompressionLevels {
  /** Brotli quality, 2..11 (0 and 1 use a different one-pass coder, not meant for flushing). */
  brotliQuality: number;
  /** zlib level, 1..9. */
  gzipLevel: number;
}

const brotliDecompressAsync = promisify(brotliDecompress);
const gunzipAsync = promisify(gunzip);

/**
 * Compresses `pieces` (the body cut at its holes: one more piece than holes) for holes of
 * `holeLength` bytes each, or of each hole's length in order. null when it cannot be done for this body: a piece after a hole shorter
 * than two bytes, no byte value absent from the body for the filler, or a form that does not
 * decode to the body.
 */
export async function compressAroundHoles(pieces: Buffer[], holeLength: number | readonly number[], encoding: Encoding, levels: CompressionLevels): Promise<CompressedAroundHoles | null> {
  const holes = pieces.length - 1;
  const holeLengths = typeof holeLength === 'number' ? new Array<number>(holes).fill(holeLength) : [...holeLength];
  if (holeLengths.length !== holes) throw new Error(`${holes} holes, ${holeLengths.length} lengths`);
  if (holeLengths.some((length) => length + CONTEXT_BYTES > 0xffff) || pieces.slice(1).some((piece) => piece.length < CONTEXT_BYTES)) return null;
  const fillers = fillersFor(pieces, holeLengths);
  if (!fillers) return null;
  const inputs: Buffer[] = [pieces[0]!];
  for (let i = 1; i <= holes; i += 1) inputs.push(Buffer.concat([fillers[i - 1]!, pieces[i]!.subarray(0, CONTEXT_BYTES)]), pieces[i]!.subarray(CONTEXT_BYTES));
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0) + holeLengths.reduce((sum, hole) => sum + hole, 0);
  const outputs = await compressInSteps(encoding === 'br' ? brotliCompressor(levels.brotliQuality, length) : createDeflateRaw({ level: levels.gzipLevel }), inputs, encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH);
  const holeHeader = (hole: number) => (encoding === 'br' ? uncompressedMetablockHeader(hole + CONTEXT_BYTES) : storedBlockHeader(hole + CONTEXT_BYTES));
  const parts: Buffer[] = [];
  for (let i = 0; i <= holes; i += 1) {
    parts.push(
      Buffer.concat([
        i === 0 ? (encoding === 'gzip' ? GZIP_HEADER : Buffer.alloc(0)) : pieces[i]!.subarray(0, CONTEXT_BYTES),
        outputs[2 * i]!, // the piece's compressed bytes; odd outputs are the fillers', thrown away
        i < holes ? holeHeader(holeLengths[i]!) : Buffer.alloc(0),
      ]),
    );
  }
  const form: CompressedAroundHoles = {
    encoding,
    holeLengths,
    parts,
    ...(encoding === 'gzip' && {
      checksum: { pieceCrcs: pieces.map((piece) => crc32(piece)), pieceShifts: pieces.map((piece) => crc32ShiftFor(piece.length)), holeShifts: holeLengths.map((hole) => crc32ShiftFor(hole)), length },
    }),
  };
  return (await verify(form, pieces)) ? form : null;
}

/**
 * CRC-32s of long hole values, kept as long as the value is (the ticker's drawing is the same
 * Buffer for every response until it is drawn again); a nonce is new each time and not kept.
 */
const longHoleCrcs = new WeakMap<Buffer, number>();
const LONG_HOLE_BYTES = 256;

function holeCrcOf(hole: Buffer): number {
  if (hole.length < LONG_HOLE_BYTES) return crc32(hole);
  let crc = longHoleCrcs.get(hole);
  if (crc === undefined) longHoleCrcs.set(hole, (crc = crc32(hole)));
  return crc;
}

/** One response: the compressed parts joined around `hole` (every hole) or `hole[i]` (hole i), each exactly its hole's length. */
export function fillHoles(form: CompressedAroundHoles, hole: Buffer | readonly Buffer[]): Buffer {
  const holes = Buffer.isBuffer(hole) ? form.holeLengths.map(() => hole) : hole;
  form.holeLengths.forEach((length, i) => {
    if (holes[i]?.length !== length) throw new Error(`hole ${i} takes ${length} bytes, not ${holes[i]?.length}`);
  });
  const { parts, checksum } = form;
  const joined: Buffer[] = [parts[0]!];
  for (let i = 1; i < parts.length; i += 1) joined.push(holes[i - 1]!, parts[i]!);
  if (checksum) {
    let crc = checksum.pieceCrcs[0]!;
    let previous: Buffer | undefined;
    let previousCrc = 0;
    for (let i = 1; i < parts.length; i += 1) {
      const filled = holes[i - 1]!;
      // Every nonce of a response is the same value: its CRC is computed once.
      if (filled !== previous) {
        previous = filled;
        previousCrc = holeCrcOf(filled);
      }
      crc = crc32Combine(crc, previousCrc, checksum.holeShifts[i - 1]!);
      crc = crc32Combine(crc, checksum.pieceCrcs[i]!, checksum.pieceShifts[i]!);
    }
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc, 0);
    trailer.writeUInt32LE(checksum.length % 2 ** 32, 4);
    joined.push(trailer);
  }
  return Buffer.concat(joined);
}

function brotliCompressor(quality: number, sizeHint: number): BrotliCompress {
  return createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint },
  });
}

/** Each input's compressed output: a flush after each, the stream finished after the last (in zlib's thread pool). */
function compressInSteps(stream: BrotliCompress | DeflateRaw, inputs: Buffer[], flushKind: number): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const outputs: Buffer[] = [];
    let current: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => current.push(chunk));
    stream.once('error', reject);
    stream.once('end', () => {
      outputs.push(Buffer.concat(current));
      resolve(outputs);
    });
    const step = (i: number) => {
      if (i === inputs.length - 1) {
        stream.end(inputs[i]);
        return;
      }
      stream.write(inputs[i]);
      stream.flush(flushKind, () =>
        // Output pushed while flushing may reach 'data' a tick after the flush's callback.
        setImmediate(() => {
          outputs.push(Buffer.concat(current));
          current = [];
          step(i + 1);
        }),
      );
    };
    step(0);
  });
}

/**
 * A filler of `holeLength` bytes per hole, of byte values absent from every piece (so no copy in
 * a piece can reach into a hole), with no two-byte sequence repeated across fillers (so a filler
 * is not coded as a copy of another, which would move brotli's last-distance memory).
 */
function fillersFor(pieces: Buffer[], holeLengths: readonly number[]): Buffer[] | null {
  const holes = holeLengths.length;
  const present = new Uint8Array(256);
  for (const piece of pieces) for (let i = 0; i < piece.length; i += 1) present[piece[i]!] = 1;
  const absent: number[] = [];
  for (let byte = 0; byte < 256; byte += 1) if (!present[byte]) absent.push(byte);
  if (holes > 0 && absent.length < 2) return null;
  const usedPairs = new Set<number>();
  const fillers: Buffer[] = [];
  let previous = -1;
  for (let h = 0; h < holes; h += 1) {
    const holeLength = holeLengths[h]!;
    const filler = Buffer.allocUnsafe(holeLength);
    for (let i = 0; i < holeLength; i += 1) {
      // Past the fresh pairs the filler repeats some: still correct for gzip; brotli is checked by `verify`.
      const next = absent.find((byte) => byte !== previous && !usedPairs.has(previous * 256 + byte)) ?? absent.find((byte) => byte !== previous)!;
      usedPairs.add(previous * 256 + next);
      filler[i] = next;
      previous = next;
    }
    fillers.push(filler);
  }
  return fillers;
}

/**
 * Decodes the form with two different hole values. What a decoder does after a hole depends on
 * the hole's bytes only through copies from it (none: its filler bytes are absent from the body)
 * and the literal context (the two fixed bytes after it), so two exact decodings stand for all.
 */
async function verify(form: CompressedAroundHoles, pieces: Buffer[]): Promise<boolean> {
  for (const value of ['a', 'Z']) {
    const holes = form.holeLengths.map((length) => Buffer.alloc(length, value));
    const expected = Buffer.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : [holes[i - 1]!, piece])));
    const body = fillHoles(form, holes);
    try {
      // gunzip checks the trailer (CRC-32 and length) too.
      const decoded = form.encoding === 'br' ? await brotliDecompressAsync(body) : await gunzipAsync(body);
      if (!decoded.equals(expected)) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/** Brotli (RFC 7932, 9.2): ISLAST 0, MNIBBLES 4, MLEN-1 in 16 bits, ISUNCOMPRESSED 1, zero bits to the byte. */
function uncompressedMetablockHeader(length: number): Buffer {
  const bits = ((length - 1) << 3) | (1 << 19);
  return Buffer.from([bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff]);
}

/** Deflate (RFC 1951, 3.2.4): a non-final stored block, BFINAL 0 and BTYPE 00 padded to the byte, LEN, NLEN. */
function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0, length & 0xff, length >>> 8, ~length & 0xff, (~length >>> 8) & 0xff]);
}
