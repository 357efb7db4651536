import { useEffect, useState } from 'react';
import type { ArticleSummary } from '@coinmag/contracts';
import styles from './learning-paths.module.css';
import adminStyles from '../admin.module.css';
import { learningPathsApi } from '../api/learning-paths-api';
import { asApiError, isAbort } from '../api/http';
import { cannotAdd, type FormLesson } from './lesson-order';

const SEARCH_DELAY_MS = 250;

/** Adds lessons: a search over the published articles, each result added at the end of the path. */
export function LessonSearch({ lessons, onAdd }: { lessons: FormLesson[]; onAdd: (lesson: FormLesson) => void }) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<ArticleSummary[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const query = term.trim();
    if (!query) {
      setResults(null);
      setError('');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      learningPathsApi.searchArticles(query, controller.signal).then(
        (list) => {
          setResults(list.articles);
          setError('');
        },
        (err: unknown) => {
          if (!isAbort(err)) setError(asApiError(err, '搜尋文章失敗').message);
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  return (
    <div className={adminStyles.field}>
      <label className={adminStyles.label} htmlFor="lesson-search">加入課程（搜尋已發布的文章）</label>
      <input id="lesson-search" className={adminStyles.input} type="search" value={term} maxLength={100} placeholder="輸入標題或內文的字詞" onChange={(event) => setTerm(event.target.value)} />
      {error && <p className={adminStyles.fieldError} role="alert">{error}</p>}
      {results && results.length === 0 && <p className={adminStyles.hint}>找不到符合的已發布文章</p>}
      {results && results.length > 0 && (
        <ul className={styles.results} aria-label="搜尋結果" data-testid="lesson-results">
          {results.map((article) => {
            const refused = cannotAdd(lessons, article.id);
            return (
              <li key={article.id} className={styles.result}>
                <span>{article.title}</span>
                <button type="button" className={`${adminStyles.button} ${adminStyles.buttonSecondary} ${adminStyles.buttonSmall}`} disabled={refused !== null}
                  title={refused ?? undefined} aria-label={refused ? `「${article.title}」：${refused}` : `加入「${article.title}」`}
                  onClick={() => onAdd({ article_id: article.id, title: article.title, slug: article.slug, status: 'published', is_public: true })}>
                  {refused === '這篇文章已在路徑中' ? '已加入' : '加入'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
