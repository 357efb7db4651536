import { once } from 'node:events';
import { constants, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** 300×200, left half red, right half blue, EXIF orientation 6 (display rotated 90° clockwise) and GPS. */
export async function orientedJpegWithGps(): Promise<Buffer> {
  const red = await sharp({ create: { width: 150, height: 200, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'CoinmagCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 33/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function solid(width: number, height: number, background = '#3366cc'): sharp.Sharp {
  return sharp({ create: { width, height, channels: 3, background } });
}

/** Pixel noise does not compress: a quick way to a large, real image. */
export function noisy(width: number, height: number): sharp.Sharp {
  return sharp({ create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 128, sigma: 50 } } });
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100" fill="red"/></svg>',
);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

let bombCache: Promise<Buffer> | undefined;
/**
 * A complete, valid 30000×30000 greyscale PNG: under 1 MB on the wire, 900 MB once decoded.
 * The IDAT stream is deflated row by row so making it never holds the pixels either.
 */
export function pngBomb(side = 30000): Promise<Buffer> {
  bombCache ??= (async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header[8] = 8; // bit depth
    header[9] = 0; // greyscale
    // Run-length deflate of zero rows, 100 rows per write: a second or so instead of ten.
    const deflate = createDeflate({ level: 9, strategy: constants.Z_RLE });
    const parts: Buffer[] = [];
    deflate.on('data', (part: Buffer) => parts.push(part));
    const rowsPerWrite = 100;
    const rows = Buffer.alloc((side + 1) * rowsPerWrite); // each row: filter byte + pixels, all zero
    for (let y = 0; y < side; y += rowsPerWrite) {
      const block = y + rowsPerWrite <= side ? rows : rows.subarray(0, (side - y) * (side + 1));
      if (!deflate.write(block)) await once(deflate, 'drain');
    }
    deflate.end();
    await once(deflate, 'end');
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
  })();
  return bombCache;
}

/** A greyscale PNG that declares width × height but holds one row: judged by its header, never decoded. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(Math.min(width, 4096) + 1))), chunk('IEND', Buffer.alloc(0))]);
}
