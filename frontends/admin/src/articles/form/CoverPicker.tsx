import { useRef, useState, type DragEvent } from 'react';
import styles from './form.module.css';
import adminStyles from '../../admin.module.css';
import type { CoverState } from './article-form';
import { isImageFile } from './compression';
import { UPLOAD_MESSAGES } from './upload-errors';
import { toast } from '../../toasts/toast-store';

interface Props {
  cover: CoverState;
  /** Existing cover from the loaded article, offered back after a remove or a new pick. */
  savedUrl: string | null;
  onPick: (file: File) => void;
  onChange: (cover: CoverState) => void;
}

/** Cover image: drop zone or picker with a local preview, keep-existing and remove (docs/product.md §2, §4). */
export function CoverPicker({ cover, savedUrl, onPick, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const previewUrl = cover.kind === 'new' ? cover.previewUrl : cover.kind === 'existing' ? cover.url : null;

  const pick = (file: File | undefined, via: 'drop' | 'picker') => {
    if (!file) return;
    if (!isImageFile(file)) {
      toast.error(via === 'drop' ? UPLOAD_MESSAGES.dragImage : UPLOAD_MESSAGES.selectImage);
      return;
    }
    onPick(file);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    pick(event.dataTransfer.files[0], 'drop');
  };

  return (
    <div className={styles.cover}>
      <span className={adminStyles.label} id="cover-label">封面圖片</span>
      {previewUrl ? (
        <figure className={styles.coverPreview}>
          <img src={previewUrl} alt="封面預覽" />
          <figcaption className={adminStyles.hint}>{cover.kind === 'existing' ? '目前的封面（儲存時保留）' : '新選擇的封面（儲存時上傳）'}</figcaption>
        </figure>
      ) : null}
      <div
        className={`${styles.dropZone} ${dragging ? styles.dropZoneActive : ''}`}
        role="button"
        tabIndex={0}
        aria-labelledby="cover-label cover-drop-text"
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span id="cover-drop-text">拖曳圖片到這裡，或點擊選擇圖片</span>
        <span className={adminStyles.hint}>建議尺寸 1200×630，支援 JPG、PNG、WebP</span>
      </div>
      <input ref={input} type="file" accept="image/*" className={adminStyles.visuallyHidden} tabIndex={-1} aria-label="選擇封面圖片"
        data-testid="cover-input"
        onChange={(event) => {
          pick(event.target.files?.[0], 'picker');
          event.target.value = '';
        }} />
      <div className={adminStyles.actions}>
        {cover.kind !== 'none' && (
          <button type="button" className={`${adminStyles.button} ${adminStyles.buttonDanger} ${adminStyles.buttonSmall}`} onClick={() => onChange({ kind: 'none' })}>
            移除封面
          </button>
        )}
        {savedUrl && cover.kind !== 'existing' && (
          <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} onClick={() => onChange({ kind: 'existing', url: savedUrl })}>
            保留原封面
          </button>
        )}
      </div>
    </div>
  );
}
