import { DEMO_COVERS } from '@coinmag/demo-content';

/** An upload's stem: the first 32 hex digits of the SHA-256 of its stored original (image-pipeline). */
const UPLOAD_STEM = /^[0-9a-f]{32}$/;
const DEMO_STEMS = new Set(DEMO_COVERS.map((cover) => cover.file.replace(/\.[a-z]+$/i, '')));

/**
 * Whether `stem` can name an original (contracts media-urls.ts): an upload's hash or a demo
 * cover. Variants, crops and social cards never can, so nothing is ever derived from them.
 */
export function isOriginalStem(stem: string): boolean {
  return UPLOAD_STEM.test(stem) || DEMO_STEMS.has(stem);
}
