/** What the preview tab reads (docs/product.md §2): title, cover preview, excerpt, content. */
export interface PreviewData {
  title: string;
  cover: string | null;
  excerpt: string;
  content: string;
}

export const PREVIEW_KEY = 'admin-article-preview';

export function savePreview(storage: Storage, data: PreviewData): void {
  storage.setItem(PREVIEW_KEY, JSON.stringify(data));
}

export function loadPreview(storage: Storage): PreviewData | null {
  const raw = storage.getItem(PREVIEW_KEY);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<PreviewData>;
    if (typeof data.title !== 'string' || typeof data.content !== 'string') return null;
    return { title: data.title, cover: typeof data.cover === 'string' ? data.cover : null, excerpt: typeof data.excerpt === 'string' ? data.excerpt : '', content: data.content };
  } catch {
    return null;
  }
}
