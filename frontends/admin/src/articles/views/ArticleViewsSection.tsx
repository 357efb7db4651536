import { useState } from 'react';
import adminStyles from '../../admin.module.css';
import { ArticleViewsPanel } from './ArticleViewsPanel';

/** 瀏覽趨勢 in the article form: read only when opened (the form itself stays as quick to load). */
export function ArticleViewsSection({ articleId }: { articleId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={adminStyles.card} aria-labelledby="article-views-title" style={{ marginTop: 20 }}>
      <div className={adminStyles.pageHeader} style={{ marginBottom: open ? 12 : 0 }}>
        <h2 id="article-views-title" className={adminStyles.sectionTitle} style={{ margin: 0 }}>瀏覽趨勢</h2>
        <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} aria-expanded={open} aria-controls="article-views-body" onClick={() => setOpen(!open)}>
          {open ? '收合' : '查看瀏覽趨勢'}
        </button>
      </div>
      <div id="article-views-body" hidden={!open}>{open && <ArticleViewsPanel articleId={articleId} />}</div>
    </section>
  );
}
