import { Suspense, lazy, useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { GLOSSARY_LIMITS, type AdminGlossaryTerm, type GlossaryStatus } from '@coinmag/contracts';
import styles from '../admin.module.css';
import { glossaryApi } from '../api/glossary-api';
import { asApiError } from '../api/http';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { AliasInput } from './AliasInput';

// The article editor (Tiptap): fetched only when the form opens.
const RichTextEditor = lazy(() => import('../articles/form/RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

interface Values {
  name: string;
  aliases: string[];
  definition: string;
  explanation: string;
  slug: string;
  status: GlossaryStatus;
  relatedIds: number[];
}

const EMPTY: Values = { name: '', aliases: [], definition: '', explanation: '', slug: '', status: 'published', relatedIds: [] };

const fromTerm = (term: AdminGlossaryTerm): Values => ({
  name: term.name, aliases: term.aliases, definition: term.definition, explanation: term.explanation, slug: term.slug, status: term.status, relatedIds: term.related.map((r) => r.id),
});

type Errors = Partial<Record<'name' | 'aliases' | 'definition' | 'slug', string>>;

/** New term (/admin/glossary/new) and edit (/admin/glossary/edit/{id}). */
export function GlossaryFormPage() {
  const { id: idParam } = useParams();
  const termId = idParam ? Number(idParam) : null;
  const navigate = useNavigate();
  const [values, setValues] = useState<Values | null>(termId ? null : EMPTY);
  const [others, setOthers] = useState<AdminGlossaryTerm[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [missing, setMissing] = useState(false);
  const ready = useCallback(() => {}, []);

  useEffect(() => {
    document.title = `${termId ? '編輯術語' : '新增術語'} | 管理後台`;
    glossaryApi.list().then((list) => setOthers(list.terms.filter((term) => term.id !== termId)), () => setOthers([]));
    if (!termId) return;
    glossaryApi.get(termId).then(
      (term) => setValues(fromTerm(term)),
      (err: unknown) => {
        if (asApiError(err, '').status === 404) setMissing(true);
        else reportLoadError(err, '載入資料失敗');
      },
    );
  }, [termId]);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const problems: Errors = {};
    if (!values.name.trim()) problems.name = '請輸入名稱';
    if (!values.definition.trim()) problems.definition = '請輸入一句話定義';
    else if (Array.from(values.definition.trim()).length > GLOSSARY_LIMITS.definition) problems.definition = `一句話定義最多 ${GLOSSARY_LIMITS.definition} 個字`;
    setErrors(problems);
    if (problems.name || problems.definition) {
      toast.error((problems.name ?? problems.definition)!);
      return;
    }
    const input = { name: values.name, aliases: values.aliases, definition: values.definition, explanation: values.explanation, slug: values.slug, status: values.status, related_ids: values.relatedIds };
    setSaving(true);
    try {
      if (termId) await glossaryApi.update(termId, input);
      else await glossaryApi.create(input);
      toast.success('術語已儲存');
      navigate('/admin/glossary');
    } catch (err) {
      const error = asApiError(err, '');
      if (error.status === 400 || error.status === 409) {
        const field = (error.field === 'related_ids' ? undefined : error.field) as keyof Errors | undefined;
        setErrors({ [field ?? 'name']: error.serverError });
        toast.error(error.serverError || '儲存失敗');
        setSaving(false);
        return;
      }
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  if (missing) {
    return (
      <div className={styles.card}>
        <p role="alert">術語不存在</p>
        <Link to="/admin/glossary">返回術語表</Link>
      </div>
    );
  }
  if (!values) return <Spinner />;
  const definitionLength = Array.from(values.definition.trim()).length;

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{termId ? '編輯術語' : '新增術語'}</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label={termId ? '編輯術語' : '新增術語'}
        onKeyDown={(event) => { if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') event.preventDefault(); }}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="glossary-name">名稱</label>
          <input id="glossary-name" className={`${styles.input} ${errors.name ? styles.inputInvalid : ''}`} value={values.name} maxLength={GLOSSARY_LIMITS.name} placeholder="例如：冷錢包"
            aria-invalid={errors.name ? true : undefined} aria-describedby="glossary-name-error" onChange={(event) => set('name', event.target.value)} />
          <p id="glossary-name-error" className={styles.fieldError} role="alert">{errors.name ?? ''}</p>
        </div>
        <AliasInput aliases={values.aliases} name={values.name} onChange={(aliases) => set('aliases', aliases)} serverError={errors.aliases} />
        <div className={styles.field}>
          <label className={styles.label} htmlFor="glossary-definition">一句話定義</label>
          <input id="glossary-definition" className={`${styles.input} ${errors.definition ? styles.inputInvalid : ''}`} value={values.definition}
            aria-invalid={errors.definition ? true : undefined} aria-describedby="glossary-definition-hint" onChange={(event) => set('definition', event.target.value)} />
          <p id="glossary-definition-hint" className={errors.definition ? styles.fieldError : styles.hint}>
            {errors.definition ?? `純文字，文章中點選或滑過術語時顯示（${definitionLength} / ${GLOSSARY_LIMITS.definition} 字）`}
          </p>
        </div>
        <div className={styles.field}>
          <span className={styles.label} id="glossary-explanation-label">完整解釋</span>
          <Suspense fallback={<Spinner label="載入編輯器中…" />}>
            <RichTextEditor initialContent={values.explanation} onChange={(html) => set('explanation', html)} onReady={ready} label="完整解釋" />
          </Suspense>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="glossary-slug">網址代稱</label>
          <input id="glossary-slug" className={`${styles.input} ${errors.slug ? styles.inputInvalid : ''}`} value={values.slug} placeholder="留空則依名稱產生，例如 cold-wallet"
            aria-describedby="glossary-slug-error" onChange={(event) => set('slug', event.target.value)} />
          <p id="glossary-slug-error" className={styles.fieldError} role="alert">{errors.slug ?? ''}</p>
        </div>
        <fieldset className={styles.radioGroup}>
          <legend className={styles.legend}>狀態</legend>
          {(['published', 'draft'] as const).map((status) => (
            <label key={status} className={styles.check}>
              <input type="radio" name="glossary-status" className={styles.checkInput} checked={values.status === status} onChange={() => set('status', status)} />
              {status === 'published' ? '已發布' : '草稿'}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="glossary-related">相關術語</label>
          <select id="glossary-related" multiple className={styles.select} size={Math.min(8, Math.max(3, others.length))} value={values.relatedIds.map(String)}
            aria-describedby="glossary-related-hint"
            onChange={(event) => set('relatedIds', Array.from(event.target.selectedOptions, (option) => Number(option.value)).slice(0, GLOSSARY_LIMITS.related))}>
            {others.map((term) => <option key={term.id} value={term.id}>{term.name}</option>)}
          </select>
          <p id="glossary-related-hint" className={styles.hint}>按住 Ctrl（Mac 為 ⌘）可選多個，最多 {GLOSSARY_LIMITS.related} 個</p>
        </div>
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
          <Link to="/admin/glossary" className={`${styles.button} ${styles.buttonSecondary}`}>取消</Link>
        </div>
      </form>
    </>
  );
}
