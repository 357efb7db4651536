import type { UploadResponse } from '@coinmag/contracts';

const FORMATS: Record<string, string> = { jpg: 'JPEG', jpeg: 'JPEG', png: 'PNG', gif: 'GIF', webp: 'WebP' };

function size(sizeMB: number): string {
  return sizeMB >= 1 ? `${sizeMB.toFixed(1)} MB` : `${Math.max(1, Math.round(sizeMB * 1024))} KB`;
}

/** The audit entry's text: the stored key, its format, size and dimensions, e.g. "ab12….jpg（JPEG，245 KB，1200×800）". */
export function uploadSummary(stored: Pick<UploadResponse, 'filename' | 'sizeMB' | 'width' | 'height'>): string {
  const ext = stored.filename.slice(stored.filename.lastIndexOf('.') + 1).toLowerCase();
  return `${stored.filename}（${FORMATS[ext] ?? ext.toUpperCase()}，${size(stored.sizeMB)}，${stored.width}×${stored.height}）`;
}
