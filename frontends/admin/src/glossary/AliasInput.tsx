import { useState, type KeyboardEvent } from 'react';
import adminStyles from '../admin.module.css';
import formStyles from '../articles/form/form.module.css';

/** The form's check of a typed alias; the server applies the full rules (length, other terms). */
export function addAlias(aliases: string[], typed: string, name: string): { ok: true; aliases: string[] } | { ok: false; error: string } {
  const alias = typed.trim().replace(/\s+/g, ' ');
  if (!alias) return { ok: false, error: '別名不能為空' };
  const key = (text: string) => text.normalize('NFKC').toLowerCase();
  if (key(alias) === key(name.trim()) || aliases.some((existing) => key(existing) === key(alias))) return { ok: false, error: '別名已存在' };
  return { ok: true, aliases: [...aliases, alias] };
}

/** Aliases entered one at a time with Enter, like an article's tags. */
export function AliasInput({ aliases, name, onChange, serverError }: { aliases: string[]; name: string; onChange: (aliases: string[]) => void; serverError?: string }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    const result = addAlias(aliases, typed, name);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange(result.aliases);
    setTyped('');
    setError(null);
  };
  const shown = error ?? serverError ?? '';
  return (
    <div className={adminStyles.field}>
      <label className={adminStyles.label} htmlFor="glossary-aliases">別名</label>
      {aliases.length > 0 && (
        <ul className={formStyles.tags} aria-label="已加入的別名">
          {aliases.map((alias) => (
            <li key={alias} className={formStyles.tag}>
              {alias}
              <button type="button" className={formStyles.tagRemove} aria-label={`移除別名 ${alias}`} onClick={() => onChange(aliases.filter((a) => a !== alias))}>×</button>
            </li>
          ))}
        </ul>
      )}
      <input id="glossary-aliases" className={`${adminStyles.input} ${shown ? adminStyles.inputInvalid : ''}`} value={typed} placeholder="英文名稱、代號、簡體寫法…，輸入後按 Enter"
        aria-describedby="glossary-aliases-error" aria-invalid={shown ? true : undefined}
        onChange={(event) => { setTyped(event.target.value); setError(null); }} onKeyDown={keyDown} />
      <p id="glossary-aliases-error" className={shown ? adminStyles.fieldError : adminStyles.hint} role="alert">{shown || '中文至少 2 個字、英文至少 2 個字母；其他術語已用的名稱不可再用'}</p>
    </div>
  );
}
