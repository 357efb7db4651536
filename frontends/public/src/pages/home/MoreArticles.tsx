import { useEffect, useRef, useState } from 'react';
import type { ArticleSummary } from '@coinmag/contracts';
import { ArticleCard } from '../../components/ArticleCard';
import { MORE_ARTICLES, nextVisibleCount } from './more-articles';
import pageStyles from '../page.module.css';
import components from '../../components/components.module.css';
import styles from './home.module.css';

export function MoreArticles({ articles }: { articles: ArticleSummary[] }) {
  const [visible, setVisible] = useState<number>(MORE_ARTICLES.initial);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const readMore = () => {
    setLoading(true);
    timer.current = setTimeout(() => {
      setVisible((n) => nextVisibleCount(n, articles.length));
      setLoading(false);
    }, MORE_ARTICLES.delayMs);
  };

  return (
    <section className={styles.section} aria-labelledby="more-articles">
      <div className={pageStyles.sectionHead}>
        <h2 id="more-articles" className={pageStyles.sectionTitle}>更多文章</h2>
      </div>
      {articles.length === 0 ? (
        <p className={styles.muted}>暫無更多文章</p>
      ) : (
        <div className={pageStyles.list} data-testid="more-articles">
          {articles.slice(0, visible).map((article) => (
            <ArticleCard key={article.id} article={article} layout="row" excerptLength={100} />
          ))}
        </div>
      )}
      {visible < articles.length && (
        <div className={styles.moreButtonRow}>
          <button type="button" className={components.button} onClick={readMore} disabled={loading} aria-busy={loading}>
            {loading && <span className={`${components.spinner} ${components.spinnerSmall}`} aria-hidden="true" />}
            閱讀更多
          </button>
        </div>
      )}
    </section>
  );
}
