import { useEffect, useState } from 'react';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import styles from './editor.module.css';
import { UrlDialog } from '../../components/UrlDialog';
import { isAllowedImageUrl, isAllowedLinkUrl } from './upload-errors';

/** Images only from http, https or data addresses, also when pasted or loaded. */
const SafeImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (node) => (isAllowedImageUrl((node as HTMLElement).getAttribute('src') ?? '') ? null : false) }];
  },
}).configure({ allowBase64: true, inline: false });

const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [1, 2, 3] } }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    isAllowedUri: (url) => isAllowedLinkUrl(url),
    HTMLAttributes: { rel: 'noopener noreferrer', target: null },
  }),
  SafeImage,
];

interface Props {
  initialContent: string;
  onChange: (html: string) => void;
  /** Absent: no 插入圖片 button (the glossary's explanation). */
  onInsertImage?: () => void;
  /** The editing area's accessible name; default 內容. */
  label?: string;
  onReady: (editor: Editor) => void;
  invalid?: boolean;
  describedBy?: string;
}

interface ToolButton {
  label: string;
  text: string;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const BUTTONS: ToolButton[] = [
  { label: '粗體', text: 'B', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: '斜體', text: 'I', isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: '標題 1', text: 'H1', isActive: (e) => e.isActive('heading', { level: 1 }), run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run() },
  { label: '標題 2', text: 'H2', isActive: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: '標題 3', text: 'H3', isActive: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: '項目清單', text: '• 清單', isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: '編號清單', text: '1. 清單', isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: '引用', text: '❝ 引用', isActive: (e) => e.isActive('blockquote'), run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: '行內程式碼', text: '</>', isActive: (e) => e.isActive('code'), run: (e) => e.chain().focus().toggleCode().run() },
  { label: '程式碼區塊', text: '{ } 程式碼', isActive: (e) => e.isActive('codeBlock'), run: (e) => e.chain().focus().toggleCodeBlock().run() },
];

export function RichTextEditor({ initialContent, onChange, onInsertImage, onReady, invalid, describedBy, label = '內容' }: Props) {
  const [linkDialog, setLinkDialog] = useState<{ href: string } | null>(null);
  const [, forceRender] = useState(0);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        class: styles.content ?? '',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': '內容',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
    onSelectionUpdate: () => forceRender((n) => n + 1),
    onTransaction: () => forceRender((n) => n + 1),
  });

  useEffect(() => {
    if (editor) onReady(editor);
  }, [editor, onReady]);

  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: {
          class: styles.content ?? '',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-label': label,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, invalid, describedBy, label]);

  if (!editor) return null;

  const setLink = (href: string): string | null => {
    if (!href) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      return null;
    }
    if (!isAllowedLinkUrl(href)) return '連結只允許 http、https、mailto 或 tel 開頭的網址';
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    return null;
  };

  return (
    <div className={`${styles.editor} ${invalid ? styles.editorInvalid : ''}`}>
      <div className={styles.toolbar} role="toolbar" aria-label="文字格式">
        {BUTTONS.map((button) => (
          <button key={button.label} type="button" className={styles.tool} aria-label={button.label} title={button.label}
            aria-pressed={button.isActive(editor)} onClick={() => button.run(editor)}>
            {button.text}
          </button>
        ))}
        <button type="button" className={styles.tool} aria-label="連結" title="連結" aria-pressed={editor.isActive('link')}
          onClick={() => setLinkDialog({ href: (editor.getAttributes('link').href as string | undefined) ?? '' })}>
          🔗 連結
        </button>
        {onInsertImage && <button type="button" className={`${styles.tool} ${styles.toolAccent}`} onClick={onInsertImage}>插入圖片</button>}
        <button type="button" className={styles.tool} aria-label="復原" title="復原" disabled={!editor.can().undo()} onClick={() => editor.chain().focus().undo().run()}>↶</button>
        <button type="button" className={styles.tool} aria-label="重做" title="重做" disabled={!editor.can().redo()} onClick={() => editor.chain().focus().redo().run()}>↷</button>
      </div>
      <EditorContent editor={editor} />
      {linkDialog && (
        <UrlDialog title="插入連結" label="連結網址" placeholder="https://" initialValue={linkDialog.href} onConfirm={setLink} onClose={() => setLinkDialog(null)} />
      )}
    </div>
  );
}
