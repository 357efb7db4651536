import { useEffect, useState } from 'react';
import styles from './preview.module.css';
import { loadPreview, type PreviewData } from '../articles/form/preview-storage';

/** /admin/preview: the article as the form held it when 預覽 was pressed (session storage). */
export function PreviewPage() {
  const [data] = useState<PreviewData | null>(() => {
    try {
      return loadPreview(window.sessionStorage);
    } catch {
      return null;
    }
  });

  useEffect(() => {
    document.title = `${data?.title || '預覽'} | 預覽`;
  }, [data]);

  if (!data) {
    return (
      <main className={styles.page}>
        <p className={styles.empty} role="status">沒有可預覽的內容</p>
      </main>
    );
  }
  return (
    <main className={styles.page}>
      <p className={styles.banner} role="note">預覽模式：此頁面尚未儲存，也不會公開</p>
      <article className={styles.article}>
        <h1 className={styles.title}>{data.title || '（未命名）'}</h1>
        {data.cover && <img className={styles.cover} src={data.cover} alt="封面" />}
        {data.excerpt && <p className={styles.excerpt}>{data.excerpt}</p>}
        {/* The admin's own unsaved content, shaped by the editor's schema. */}
        <div className={styles.content} dangerouslySetInnerHTML={{ __html: data.content }} />
      </article>
    </main>
  );
}
