import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/react';
import adminStyles from '../../admin.module.css';

/** While an image in the content is selected: its alt text, stored with the image. */
export function ImageAltInput({ editor }: { editor: Editor | null }) {
  const [selected, setSelected] = useState<{ alt: string } | null>(null);

  useEffect(() => {
    if (!editor) return;
    const read = () => setSelected(editor.isActive('image') ? { alt: String(editor.getAttributes('image').alt ?? '') } : null);
    read();
    editor.on('selectionUpdate', read);
    editor.on('transaction', read);
    return () => {
      editor.off('selectionUpdate', read);
      editor.off('transaction', read);
    };
  }, [editor]);

  if (!editor || !selected) return null;
  return (
    <div className={adminStyles.field}>
      <label className={adminStyles.label} htmlFor="image-alt">圖片替代文字</label>
      <input id="image-alt" className={adminStyles.input} value={selected.alt} maxLength={200} placeholder="描述圖片內容，供螢幕閱讀器與圖片無法顯示時使用"
        onChange={(event) => editor.chain().updateAttributes('image', { alt: event.target.value }).run()} />
    </div>
  );
}
