// Draws the icon set from the brand logo (frontends/shell/src/layout/logo.svg) into
// frontends/shell/public/, which the shell build copies into its dist/. Run after changing the logo:
//   npx tsx scripts/brand-icons.ts
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const logo = await readFile(join(root, 'frontends/shell/src/layout/logo.svg'));
const out = join(root, 'frontends/shell/public');

const png = (size: number, padding = 0) =>
  sharp(logo, { density: 72 * Math.ceil((size * 2) / 64) })
    .resize(size - padding * 2, size - padding * 2)
    .extend({ top: padding, bottom: padding, left: padding, right: padding, background: '#0f172a' })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An .ico holding PNG images (supported by every browser since Windows Vista-era ICO). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(data.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

await writeFile(join(out, 'favicon.ico'), ico([{ size: 16, data: await png(16) }, { size: 32, data: await png(32) }, { size: 48, data: await png(48) }]));
await writeFile(join(out, 'icon-192.png'), await png(192));
await writeFile(join(out, 'icon-512.png'), await png(512));
// Maskable: the logo inside the safe zone on the brand's dark background.
await writeFile(join(out, 'icon-maskable-512.png'), await png(512, 64));
await writeFile(join(out, 'apple-touch-icon.png'), await png(180, 10));
await writeFile(join(out, 'icon.svg'), logo);
console.log('icons written to', out);
