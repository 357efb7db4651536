import { useCallback, useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Editor } from '@tiptap/react';
import type { AdminArticle, Category } from '@coinmag/contracts';
import { formatLongDateTime } from '@coinmag/rules';
import adminStyles from '../../admin.module.css';
import styles from './form.module.css';
import { articlesApi, categoriesApi } from '../../api/admin-api';
import { asApiError, readToken } from '../../api/http';
import { SAVE_MESSAGES } from '../../api/save-errors';
import { reportSaveError } from '../../session/save-failure';
import { Spinner } from '../../components/Spinner';
import { UrlDialog } from '../../components/UrlDialog';
import { reportLoadError } from '../../session/load-errors';
import { useSession } from '../../session/session-store';
import { toast } from '../../toasts/toast-store';
import { EMPTY_ARTICLE, buildArticleFormData, validateArticle, valuesFromArticle, type ArticleFormValues, type CoverState, type FormErrors } from './article-form';
import { CoverPicker } from './CoverPicker';
import { RichTextEditor } from './RichTextEditor';
import { TagInput } from './TagInput';
import { SidePanel } from './SidePanel';
import { GlossaryLinksPanel } from './GlossaryLinksPanel';
import { shouldBlockEnter } from './enter-key';
import { tooLargeMessage } from './compression';
import { prepareImage, readAsDataUrl } from './compress-image';
import { UPLOAD_MESSAGES } from './upload-errors';
import { savePreview } from './preview-storage';
import { useImageInsert } from './use-image-insert';
import { HistoryPanel } from '../history/HistoryPanel';
import { PreviewLinksPanel } from '../preview-links/PreviewLinksPanel';
import { ArticleViewsSection } from '../views/ArticleViewsSection';
import { draftStorageKey, newDraftKey, removeLocalDraft } from './local-drafts';
import { discardRecovery, findRecovery, type RecoveryOffer } from './recovery';
import { RecoveryBanner } from './RecoveryBanner';
import { ImageAltInput } from './ImageAltInput';
import { useAutosave, type AutosaveStatus } from './use-autosave';
import { rememberReturn, setOpenDraft, takeResume } from '../../return-path';

function autosaveText(status: AutosaveStatus): string {
  if (status.kind === 'local') return '已保留在這個瀏覽器';
  if (status.kind === 'saving') return '自動儲存中…';
  if (status.kind === 'saved') return `已自動儲存（${formatLongDateTime(status.at)}）`;
  if (status.kind === 'failed') return status.message;
  return '';
}

/** New article (/admin/articles/new) and edit (/admin/articles/edit/{id}). */
export function ArticleFormPage() {
  const { id: idParam } = useParams();
  const articleId = idParam ? Number(idParam) : null;
  const navigate = useNavigate();
  const location = useLocation();
  const expire = useSession((state) => state.expire);
  const [values, setValues] = useState<ArticleFormValues | null>(null);
  /** The text as loaded or last saved; the article's version it belongs to. */
  const [baseline, setBaseline] = useState<ArticleFormValues | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [draftKey, setDraftKey] = useState(newDraftKey);
  const [offer, setOffer] = useState<RecoveryOffer | null>(null);
  const [checkingRecovery, setCheckingRecovery] = useState(true);
  /** Bumped to give the editor new content (a restore replaces the text). */
  const [editorGeneration, setEditorGeneration] = useState(0);
  const [cover, setCover] = useState<CoverState>({ kind: 'none' });
  const [savedCover, setSavedCover] = useState<string | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [errors, setErrors] = useState<FormErrors>({});
  const [saving, setSaving] = useState(false);
  const [editor, setEditor] = useState<Editor | null>(null);
  const images = useImageInsert(editor);

  useEffect(() => {
    document.title = `${articleId ? '編輯文章' : '新增文章'} | 管理後台`;
    categoriesApi.list().then(setCategories, (err: unknown) => reportLoadError(err, '載入資料失敗'));
  }, [articleId]);

  /** Shows the loaded text, then looks for a newer unsaved copy: brought back at once after a re-login, else offered. */
  const open = useCallback(async (loaded: ArticleFormValues, live: () => boolean) => {
    setValues(loaded);
    setBaseline(loaded);
    setCheckingRecovery(true);
    const found = await findRecovery(articleId, loaded);
    if (!live()) return;
    setCheckingRecovery(false);
    if (!found) return;
    if (takeResume(draftStorageKey(articleId, found.draftKey))) {
      if (found.draftKey) setDraftKey(found.draftKey);
      setValues(found.values);
      setEditorGeneration((n) => n + 1);
      toast.success('已還原登入前輸入的內容');
    } else setOffer(found);
  }, [articleId]);

  // A new article may be started with a title (a search that found nothing, from 搜尋與失效連結).
  const prefillTitle = articleId ? '' : (new URLSearchParams(location.search).get('title') ?? '').trim().slice(0, 200);

  useEffect(() => {
    setOffer(null);
    if (!articleId) {
      let live = true;
      setVersion(null);
      setCover({ kind: 'none' });
      setSavedCover(null);
      void open(prefillTitle ? { ...EMPTY_ARTICLE, title: prefillTitle } : EMPTY_ARTICLE, () => live);
      return () => {
        live = false;
      };
    }
    let live = true;
    setValues(null);
    articlesApi.get(articleId).then(
      (article) => {
        if (!live) return;
        setVersion(article.version);
        setSavedCover(article.featured_image);
        setCover(article.featured_image ? { kind: 'existing', url: article.featured_image } : { kind: 'none' });
        void open(valuesFromArticle(article), () => live);
      },
      (err: unknown) => {
        if (!live) return;
        const error = asApiError(err, '載入文章失敗');
        // docs/product.md §8: a 404 while loading for edit clears the token and goes to the login form.
        if (error.status === 404) {
          toast.error('載入文章失敗');
          expire();
          navigate('/admin/login', { replace: true });
        } else reportLoadError(err, '載入文章失敗');
      },
    );
    return () => {
      live = false;
    };
  }, [articleId, expire, navigate, open, prefillTitle]);

  const storageKey = draftStorageKey(articleId, articleId ? null : draftKey);
  useEffect(() => {
    setOpenDraft(storageKey);
    return () => setOpenDraft(null);
  }, [storageKey]);

  const autosave = useAutosave({ articleId, draftKey, values, baseline, baseVersion: version, paused: checkingRecovery });

  const restoreOffer = () => {
    if (!offer) return;
    if (offer.draftKey) setDraftKey(offer.draftKey);
    setValues(offer.values);
    setEditorGeneration((n) => n + 1);
    setOffer(null);
  };

  const discardOffer = () => {
    if (!offer) return;
    discardRecovery(articleId, offer);
    setOffer(null);
  };

  const restoredRevision = (article: AdminArticle) => {
    const restored = valuesFromArticle(article);
    setValues(restored);
    setBaseline(restored);
    setVersion(article.version);
    setEditorGeneration((n) => n + 1);
    removeLocalDraft(window.localStorage, articleId, null);
  };

  const update = useCallback(<K extends keyof ArticleFormValues>(key: K, value: ArticleFormValues[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    if (key === 'title' || key === 'content') setErrors((current) => ({ ...current, [key]: undefined }));
  }, []);

  const onContentChange = useCallback((html: string) => update('content', html), [update]);

  const pickCover = async (file: File) => {
    const prepared = await prepareImage(file, 'cover');
    if (prepared.compressionFailed) toast.error(UPLOAD_MESSAGES.compressionFailed);
    const tooLarge = tooLargeMessage(prepared.file.size);
    if (tooLarge) {
      toast.error(tooLarge);
      return;
    }
    try {
      setCover({ kind: 'new', file: prepared.file, previewUrl: await readAsDataUrl(prepared.file) });
    } catch {
      toast.error(UPLOAD_MESSAGES.readFailed);
    }
  };

  const keyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    const blocked = shouldBlockEnter({
      key: event.key,
      tagName: target.tagName,
      type: target instanceof HTMLInputElement ? target.type : undefined,
      inEditor: Boolean(target.closest('[contenteditable="true"]')),
      inDialog: Boolean(target.closest('dialog')),
      composing: event.nativeEvent.isComposing,
    });
    if (blocked) event.preventDefault();
  };

  const preview = () => {
    if (!values) return;
    const coverUrl = cover.kind === 'new' ? cover.previewUrl : cover.kind === 'existing' ? cover.url : null;
    try {
      savePreview(window.sessionStorage, { title: values.title, cover: coverUrl, excerpt: values.excerpt, content: values.content });
    } catch {
      try {
        // A large local cover may not fit in session storage; the text still previews.
        savePreview(window.sessionStorage, { title: values.title, cover: null, excerpt: values.excerpt, content: values.content });
      } catch {
        toast.error('預覽開啟失敗');
        return;
      }
    }
    const opened = window.open('/admin/preview', '_blank');
    if (!opened) toast.error('預覽開啟失敗');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const problems = validateArticle(values);
    setErrors(problems);
    const first = problems.title ?? problems.content;
    if (first) {
      toast.error(first);
      if (problems.title) document.getElementById('article-title')?.focus();
      else editor?.commands.focus();
      return;
    }
    if (!readToken()) {
      toast.error(SAVE_MESSAGES.notLoggedIn);
      return;
    }
    setSaving(true);
    try {
      const form = buildArticleFormData(values, cover, [window.location.host]);
      // The version the text was loaded at: a save over a newer one is refused, never silently applied.
      if (articleId && version !== null) form.append('version', String(version));
      if (!articleId) form.append('draft_key', draftKey);
      if (articleId) await articlesApi.update(articleId, form);
      else await articlesApi.create(form);
      removeLocalDraft(window.localStorage, articleId, articleId ? null : draftKey);
      toast.success('文章已儲存');
      navigate('/admin/articles');
    } catch (err) {
      // The text stays in this browser; after signing in again the form comes back with it.
      if (asApiError(err, '').status === 401) rememberReturn(location.pathname);
      if (!reportSaveError(err, () => navigate('/admin/login', { replace: true }))) setSaving(false);
    }
  };

  if (!values) return <Spinner label="載入文章中…" />;

  return (
    <>
      <header className={adminStyles.pageHeader}>
        <h1 className={adminStyles.pageTitle}>{articleId ? '編輯文章' : '新增文章'}</h1>
      </header>
      {offer && <RecoveryBanner offer={offer} older={Boolean(articleId && offer.baseVersion !== null && version !== null && offer.baseVersion < version)} onRestore={restoreOffer} onDiscard={discardOffer} />}
      <form className={styles.layout} onSubmit={submit} onKeyDown={keyDown} noValidate aria-label={articleId ? '編輯文章' : '新增文章'}>
        <div className={styles.mainColumn}>
          <div className={`${adminStyles.card} ${adminStyles.form}`}>
            <div className={adminStyles.field}>
              <label className={adminStyles.label} htmlFor="article-title">標題</label>
              <input id="article-title" className={`${adminStyles.input} ${styles.titleInput} ${errors.title ? adminStyles.inputInvalid : ''}`} value={values.title}
                required aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? 'article-title-error' : undefined}
                onChange={(event) => update('title', event.target.value)} />
              {errors.title && <p id="article-title-error" className={adminStyles.fieldError}>{errors.title}</p>}
            </div>
            <CoverPicker cover={cover} savedUrl={savedCover} onPick={(file) => void pickCover(file)} onChange={setCover} />
            {cover.kind !== 'none' && (
              <div className={adminStyles.field}>
                <label className={adminStyles.label} htmlFor="cover-alt">封面替代文字</label>
                <input id="cover-alt" className={adminStyles.input} value={values.coverAlt} maxLength={200} placeholder="描述封面圖片內容，供螢幕閱讀器與圖片無法顯示時使用"
                  onChange={(event) => update('coverAlt', event.target.value)} />
              </div>
            )}
            <div className={adminStyles.field}>
              <span className={adminStyles.label} id="article-content-label">內容</span>
              <RichTextEditor key={`${articleId ?? 'new'}-${editorGeneration}`} initialContent={values.content} onChange={onContentChange} onInsertImage={images.start} onReady={setEditor}
                invalid={Boolean(errors.content)} describedBy={errors.content ? 'article-content-error' : undefined} />
              {errors.content && <p id="article-content-error" className={adminStyles.fieldError}>{errors.content}</p>}
              <ImageAltInput editor={editor} />
              {images.uploading && <p className={styles.uploading} role="status">圖片上傳中…</p>}
              <input ref={images.fileInput} type="file" accept="image/*" className={adminStyles.visuallyHidden} tabIndex={-1} aria-label="選擇要插入的圖片"
                data-testid="insert-image-input" onChange={(event) => void images.onFile(event)} />
            </div>
            <div className={adminStyles.field}>
              <label className={adminStyles.label} htmlFor="article-excerpt">摘要</label>
              <textarea id="article-excerpt" className={`${adminStyles.textarea} ${adminStyles.textareaPlain}`} value={values.excerpt}
                onChange={(event) => update('excerpt', event.target.value)} />
            </div>
          </div>
        </div>
        <aside className={`${adminStyles.card} ${styles.side}`} aria-label="文章設定">
          <SidePanel values={values} categories={categories} update={update} />
          <TagInput tags={values.tags} onChange={(tags) => update('tags', tags)} />
          <GlossaryLinksPanel content={values.content} enabled={values.glossaryLinks !== false} onToggle={(enabled) => update('glossaryLinks', enabled)} />
          <div className={adminStyles.actions}>
            <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary}`} onClick={preview}>預覽</button>
            <button type="submit" className={adminStyles.button} disabled={saving} aria-busy={saving}>{saving ? '儲存中…' : '儲存'}</button>
          </div>
          <p className={styles.autosave} role="status" data-testid="autosave-status">{autosaveText(autosave)}</p>
        </aside>
      </form>
      {articleId && <ArticleViewsSection articleId={articleId} />}
      {articleId && baseline && <PreviewLinksPanel articleId={articleId} published={baseline.status === 'published'} />}
      {articleId && version !== null && <HistoryPanel articleId={articleId} version={version} current={values} onRestored={restoredRevision} />}
      {images.fallbackOpen && (
        <UrlDialog title="插入圖片（備用模式）" label="圖片網址" placeholder="https://" secondaryLabel="替代文字" confirmLabel="插入圖片"
          onConfirm={images.insertByUrl} onClose={images.closeFallback} />
      )}
    </>
  );
}
