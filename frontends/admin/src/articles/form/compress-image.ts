import { encodeWithQualitySteps, needsCompression, outputTypeFor, scaledSize, type ImagePath } from './compression';

export interface PreparedImage {
  file: File;
  /** Set when compression was needed but failed, and the original is used (docs/product.md §8). */
  compressionFailed: boolean;
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas produced no image'))), type, quality);
  });
}

async function compress(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, width, height);
    const type = outputTypeFor(file.type);
    const { result } = await encodeWithQualitySteps((quality) => canvasToBlob(canvas, type, quality));
    const name = file.name.replace(/\.[^.]+$/, '') + (type === 'image/webp' ? '.webp' : '.jpg');
    return new File([result], name, { type });
  } finally {
    bitmap.close();
  }
}

/** Compresses a picked image when §9 says so; on failure the original goes on. */
export async function prepareImage(file: File, path: ImagePath): Promise<PreparedImage> {
  if (!needsCompression(file.size, path)) return { file, compressionFailed: false };
  try {
    return { file: await compress(file), compressionFailed: false };
  } catch (err) {
    console.warn('[admin] image compression failed', err);
    return { file, compressionFailed: true };
  }
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}
