import { useEffect, useRef, useState } from 'react';
import { fetchArticles } from '../../api/articles';
import { browserApi, isAbort } from '../../api/http';
import { ArticleCard } from '../../components/ArticleCard';
import { MORE_ARTICLES } from './more-articles';
import { readMore, type MoreArticlesPage } from './read-more';
import { cardArticle, type CardArticle } from './home-articles';
import { island } from '@coinmag/frontend-shared/islands/island';
import pageStyles from '../page.module.css';
import components from '../../components/components.module.css';
import styles from './home.module.css';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The more-articles the page came with; each press of 閱讀更多 reads the next ten from the API. */
/** `latestIds`: the articles the page lists above, which more-articles never repeats. */
export function MoreArticles({ initial, latestIds }: { initial: MoreArticlesPage<CardArticle>; latestIds: number[] }) {
  const [more, setMore] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reading = useRef<AbortController>(undefined);
  useEffect(() => () => reading.current?.abort(), []);

  const readNext = async () => {
    if (more.next === null) return;
    const controller = new AbortController();
    reading.current = controller;
    setLoading(true);
    setError(null);
    const seen = new Set([...latestIds, ...more.articles.map((article) => article.id)]);
    const from = { from: more.next, after: more.articles.at(-1) ?? null, seen };
    try {
      const [page] = await Promise.all([
        readMore(from, MORE_ARTICLES.step, (window) => fetchArticles(window, browserApi(controller.signal))),
        delay(MORE_ARTICLES.delayMs),
      ]);
      if (controller.signal.aborted) return;
      setMore((shown) => ({ articles: [...shown.articles, ...page.articles.map(cardArticle)], next: page.next }));
    } catch (err) {
      if (isAbort(err) || controller.signal.aborted) return;
      console.error(err);
      setError((err as Error).message);
    }
    setLoading(false);
  };

  return (
    <section className={styles.section} aria-labelledby="more-articles">
      <div className={pageStyles.sectionHead}>
        <h2 id="more-articles" className={pageStyles.sectionTitle}>更多文章</h2>
      </div>
      {more.articles.length === 0 && more.next === null ? (
        <p className={styles.muted}>暫無更多文章</p>
      ) : (
        <div className={pageStyles.list} data-testid="more-articles">
          {more.articles.map((article) => (
            <ArticleCard key={article.id} article={article} layout="row" excerptLength={100} />
          ))}
        </div>
      )}
      {error && (
        <p className={styles.moreError} role="alert">
          {error}
        </p>
      )}
      {more.next !== null && (
        <div className={styles.moreButtonRow}>
          <button type="button" className={components.button} onClick={readNext} disabled={loading} aria-busy={loading}>
            {loading && <span className={`${components.spinner} ${components.spinnerSmall}`} aria-hidden="true" />}
            閱讀更多
          </button>
        </div>
      )}
    </section>
  );
}

/** 閱讀更多 reads the next ten in place: an island. */
export const MoreArticlesIsland = island('public:more-articles', MoreArticles, 'interaction');
