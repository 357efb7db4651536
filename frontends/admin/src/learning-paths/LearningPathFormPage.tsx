import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { LEARNING_PATH_LEVELS, LEARNING_PATH_LIMITS, type LearningPathLevel } from '@coinmag/contracts';
import styles from '../admin.module.css';
import pathStyles from './learning-paths.module.css';
import { uploadsApi } from '../api/admin-api';
import { learningPathsApi } from '../api/learning-paths-api';
import { asApiError, readToken } from '../api/http';
import { SAVE_MESSAGES } from '../api/save-errors';
import { Spinner } from '../components/Spinner';
import { reportLoadError } from '../session/load-errors';
import { reportSaveError } from '../session/save-failure';
import { toast } from '../toasts/toast-store';
import { EMPTY_PATH, cannotAdd, pathInput, validatePath, valuesFromPath, type FormLesson, type PathErrors, type PathFormValues } from './lesson-order';
import { LessonList } from './LessonList';
import { LessonSearch } from './LessonSearch';

/** New learning path (/admin/learning-paths/new) and edit (/admin/learning-paths/edit/{id}). */
export function LearningPathFormPage() {
  const { id: idParam } = useParams();
  const pathId = idParam ? Number(idParam) : null;
  const navigate = useNavigate();
  const [values, setValues] = useState<PathFormValues | null>(pathId ? null : EMPTY_PATH);
  const [missing, setMissing] = useState(false);
  const [errors, setErrors] = useState<PathErrors>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** The version the form was loaded at; a save over a newer one is refused with 409. */
  const [version, setVersion] = useState<number | undefined>(undefined);
  const heading = pathId ? '編輯學習路徑' : '新增學習路徑';

  useEffect(() => {
    document.title = `${heading} | 管理後台`;
    if (!pathId) {
      setValues(EMPTY_PATH);
      setMissing(false);
      return;
    }
    let live = true;
    setValues(null);
    learningPathsApi.get(pathId).then(
      (path) => {
        if (!live) return;
        setValues(valuesFromPath(path));
        setVersion(path.version);
      },
      (err: unknown) => {
        if (!live) return;
        if (asApiError(err, '載入資料失敗').status === 404) {
          toast.error('學習路徑不存在');
          setMissing(true);
        } else reportLoadError(err, '載入資料失敗');
      },
    );
    return () => {
      live = false;
    };
  }, [pathId, heading]);

  const set = <K extends keyof PathFormValues>(key: K, value: PathFormValues[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const addLesson = (lesson: FormLesson) => {
    if (!values) return;
    const refused = cannotAdd(values.lessons, lesson.article_id!);
    if (refused) {
      toast.error(refused);
      return;
    }
    set('lessons', [...values.lessons, lesson]);
    toast.success(`已加入「${lesson.title}」`);
  };

  const pickCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const uploaded = await uploadsApi.image(file);
      set('cover', uploaded.url);
    } catch (err) {
      toast.error(asApiError(err, '上傳失敗').serverError || '封面上傳失敗，請稍後再試');
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const problems = validatePath(values);
    setErrors(problems);
    const first = (['title', 'description', 'coverAlt', 'lessons'] as const).find((key) => problems[key]);
    if (first) {
      toast.error(problems[first]!);
      document.getElementById(`path-${first}`)?.focus();
      return;
    }
    if (!readToken()) {
      toast.error(SAVE_MESSAGES.notLoggedIn);
      return;
    }
    setSaving(true);
    try {
      if (pathId) await learningPathsApi.update(pathId, { ...pathInput(values), ...(version !== undefined ? { version } : {}) });
      else await learningPathsApi.create(pathInput(values));
      toast.success('學習路徑已儲存');
      navigate('/admin/learning-paths');
    } catch (err) {
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  if (missing) {
    return (
      <div className={styles.card}>
        <p role="alert">學習路徑不存在</p>
        <Link to="/admin/learning-paths">返回學習路徑</Link>
      </div>
    );
  }
  if (!values) return <Spinner />;

  const field = (key: keyof PathErrors) => ({ className: `${styles.input} ${errors[key] ? styles.inputInvalid : ''}`, 'aria-invalid': errors[key] ? true : undefined, 'aria-describedby': errors[key] ? `path-${key}-error` : undefined });
  const fieldError = (key: keyof PathErrors) => errors[key] && <p id={`path-${key}-error`} className={styles.fieldError}>{errors[key]}</p>;

  return (
    <>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{heading}</h1>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-label={heading}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="path-title">路徑名稱</label>
          <input id="path-title" {...field('title')} value={values.title} required maxLength={LEARNING_PATH_LIMITS.title * 2} onChange={(event) => set('title', event.target.value)} />
          {fieldError('title')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="path-level">程度</label>
          <select id="path-level" className={styles.select} value={values.level} onChange={(event) => set('level', event.target.value as LearningPathLevel)}>
            {LEARNING_PATH_LEVELS.map((level) => <option key={level} value={level}>{level}</option>)}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="path-description">簡介</label>
          <textarea id="path-description" {...field('description')} className={`${styles.textarea} ${styles.textareaPlain} ${errors.description ? styles.inputInvalid : ''}`} value={values.description}
            onChange={(event) => set('description', event.target.value)} />
          {fieldError('description') || <p className={styles.hint}>最多 {LEARNING_PATH_LIMITS.description} 個字</p>}
        </div>
        <div className={styles.field}>
          <span className={styles.label} id="path-cover-label">封面圖片</span>
          {values.cover && <img className={pathStyles.coverPreview} src={values.cover.startsWith('/') ? values.cover : `/uploads/${values.cover}`} alt={values.coverAlt || '封面預覽'} />}
          <div className={styles.actions}>
            <label className={`${styles.button} ${styles.buttonSecondary}`} aria-busy={uploading}>
              {uploading ? '上傳中…' : values.cover ? '更換封面' : '選擇封面'}
              <input type="file" accept="image/*" className={styles.visuallyHidden} aria-labelledby="path-cover-label" onChange={(event) => void pickCover(event)} disabled={uploading} />
            </label>
            {values.cover && <button type="button" className={`${styles.button} ${styles.buttonDanger}`} onClick={() => set('cover', null)}>移除封面</button>}
          </div>
        </div>
        {values.cover && (
          <div className={styles.field}>
            <label className={styles.label} htmlFor="path-coverAlt">封面替代文字</label>
            <input id="path-coverAlt" {...field('coverAlt')} value={values.coverAlt} onChange={(event) => set('coverAlt', event.target.value)} />
            {fieldError('coverAlt')}
          </div>
        )}
        <fieldset className={styles.field} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className={styles.legend} id="path-lessons">課程（共 {values.lessons.length} 課，最多 {LEARNING_PATH_LIMITS.lessons} 課）</legend>
          <LessonList lessons={values.lessons} onChange={(lessons) => set('lessons', lessons)} />
          {fieldError('lessons')}
        </fieldset>
        <LessonSearch lessons={values.lessons} onAdd={addLesson} />
        <div className={styles.actions}>
          <button type="submit" className={styles.button} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
          <Link to="/admin/learning-paths" className={`${styles.button} ${styles.buttonSecondary}`}>取消</Link>
        </div>
      </form>
    </>
  );
}
