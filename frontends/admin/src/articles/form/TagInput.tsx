import { useState, type KeyboardEvent } from 'react';
import adminStyles from '../../admin.module.css';
import styles from './form.module.css';
import { addTag, removeTag } from './tags';

interface Props {
  tags: string[];
  onChange: (tags: string[]) => void;
}

/** Tags entered one at a time with Enter (docs/product.md §5). */
export function TagInput({ tags, onChange }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    const result = addTag(tags, typed);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange(result.tags);
    setTyped('');
    setError(null);
  };

  return (
    <div className={adminStyles.field}>
      <label className={adminStyles.label} htmlFor="article-tags">標籤</label>
      {tags.length > 0 && (
        <ul className={styles.tags} aria-label="已加入的標籤">
          {tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              #{tag}
              <button type="button" className={styles.tagRemove} aria-label={`移除標籤 ${tag}`} onClick={() => onChange(removeTag(tags, tag))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <input id="article-tags" className={`${adminStyles.input} ${error ? adminStyles.inputInvalid : ''}`} value={typed} placeholder="輸入標籤後按 Enter"
        aria-describedby="article-tags-error" aria-invalid={error ? true : undefined}
        onChange={(event) => { setTyped(event.target.value); setError(null); }} onKeyDown={keyDown} />
      <p id="article-tags-error" className={adminStyles.fieldError} role="alert">{error ?? ''}</p>
    </div>
  );
}
