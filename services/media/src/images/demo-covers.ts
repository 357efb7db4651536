import sharp from 'sharp';
import type { DemoCover } from '@coinmag/demo-content';

const WIDTH = 1200;
const HEIGHT = 630;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const colour = (value: string) => (/^#[0-9a-f]{3,8}$/i.test(value) ? value : '#333333');

/** A 1200×630 JPEG of a gradient with the cover's label, drawn locally (no network, no font files). */
export async function drawDemoCover(cover: DemoCover): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${colour(cover.from)}"/><stop offset="1" stop-color="${colour(cover.to)}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="1020" cy="120" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="160" cy="560" r="180" fill="#ffffff" fill-opacity="0.06"/>
  <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-weight="700"
    font-size="160" fill="#ffffff" fill-opacity="0.92">${escapeXml(cover.label)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
