import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { Editor } from '@tiptap/react';
import { uploadsApi } from '../../api/admin-api';
import { asApiError } from '../../api/http';
import { toast } from '../../toasts/toast-store';
import { isImageFile, tooLargeMessage } from './compression';
import { prepareImage } from './compress-image';
import { UPLOAD_MESSAGES, isAllowedImageUrl, uploadErrorMessage } from './upload-errors';

/**
 * The insert-image button (docs/product.md §2, §8, §9): upload through the media service, or, when its
 * test call fails or an upload fails, the fallback dialog that takes an image address.
 */
export function useImageInsert(editor: Editor | null) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploadsAvailable, setUploadsAvailable] = useState<boolean | null>(null);
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    let live = true;
    uploadsApi.test().then(
      (result) => live && setUploadsAvailable(result.ok),
      () => live && setUploadsAvailable(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const switchToFallback = useCallback(() => {
    toast.error(UPLOAD_MESSAGES.fallback);
    setFallbackOpen(true);
  }, []);

  const start = useCallback(() => {
    if (uploadsAvailable === false) switchToFallback();
    else fileInput.current?.click();
  }, [uploadsAvailable, switchToFallback]);

  const onFile = useCallback(
    async (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (!file || !editor) return;
      if (!isImageFile(file)) {
        toast.error(UPLOAD_MESSAGES.selectImage);
        return;
      }
      setUploading(true);
      try {
        const prepared = await prepareImage(file, 'insert');
        if (prepared.compressionFailed) toast.error(UPLOAD_MESSAGES.compressionFailed);
        const tooLarge = tooLargeMessage(prepared.file.size);
        if (tooLarge) {
          toast.error(tooLarge);
          return;
        }
        const uploaded = await uploadsApi.image(prepared.file);
        // No alt from the file name: the image stays selected so its alt text can be typed.
        editor.chain().focus().setImage({ src: uploaded.url, alt: '' }).run();
        let inserted: number | null = null;
        editor.state.doc.descendants((node, pos) => {
          if (node.type.name === 'image' && node.attrs.src === uploaded.url && !node.attrs.alt) inserted = pos;
        });
        if (inserted !== null) editor.chain().setNodeSelection(inserted).run();
        toast.success('圖片已插入');
      } catch (err) {
        const error = asApiError(err, UPLOAD_MESSAGES.failed);
        toast.error(uploadErrorMessage(error.status, error.serverError));
        // A session that ended is not an upload failure: inserting by address would not help.
        if (error.status !== 401) switchToFallback();
      } finally {
        setUploading(false);
      }
    },
    [editor, switchToFallback],
  );

  /** The fallback dialog's answer: an error to show, or null once the image is in. */
  const insertByUrl = useCallback(
    (url: string, alt: string): string | null => {
      if (!url) return '請輸入圖片網址';
      if (!isAllowedImageUrl(url)) return '圖片網址只允許 http、https 或 data 開頭';
      editor?.chain().focus().setImage({ src: url, alt }).run();
      return null;
    },
    [editor],
  );

  return { fileInput, start, onFile, uploading, fallbackOpen, closeFallback: () => setFallbackOpen(false), insertByUrl };
}
