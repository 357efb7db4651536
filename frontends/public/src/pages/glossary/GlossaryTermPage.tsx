import { useParams, useSearchParams } from 'react-router-dom';
import type { GlossaryTermPage as TermPage, Settings } from '@coinmag/contracts';
import { formatLongDate } from '@coinmag/rules';
import { fetchGlossaryTerm } from '../../api/glossary';
import { ApiError, type Api } from '../../api/http';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PagerIsland } from '../../components/Pager';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { pageFromParam } from '../articles/page-param';
import { GLOSSARY_PATH, GLOSSARY_TEXT, glossaryTermMeta, glossaryTermPath } from './glossary-meta';
import pageStyles from '../page.module.css';
import articleStyles from '../article/article.module.css';
import styles from './glossary.module.css';

export type GlossaryTermState = { status: 'loading' } | { status: 'unknown' } | { status: 'failed' } | { status: 'ready'; term: TermPage };

export const glossaryTermKey = (slug: string, page: number) => `${glossaryTermPath(slug)}${page > 1 ? `?page=${page}` : ''}`;

export async function loadGlossaryTerm(slug: string, page: number, api: Api): Promise<GlossaryTermState> {
  try {
    return { status: 'ready', term: await fetchGlossaryTerm(slug, page, api) };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { status: 'unknown' };
    throw err;
  }
}

const LOADING: GlossaryTermState = { status: 'loading' };
const failedTerm = (): GlossaryTermState => ({ status: 'failed' });

export function glossaryTermPageMeta(slug: string, page: number, state: GlossaryTermState, settings: Settings): PageMeta | null {
  if (state.status === 'ready') return glossaryTermMeta(state.term, page);
  if (state.status === 'unknown') return { title: GLOSSARY_TEXT.unknown, description: settings.site_description, path: glossaryTermPath(slug), noIndex: true };
  return null;
}

/** /glossary/{slug}: a term's explanation, its related terms and the newest articles that use it. */
export function GlossaryTermPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const { settings } = useSite();
  const { state } = usePageState(glossaryTermKey(slug, page), (api) => loadGlossaryTerm(slug, page, api), LOADING, failedTerm);
  usePageMeta(glossaryTermPageMeta(slug, page, state, settings));

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'unknown')
    return (
      <div className={pageStyles.page}>
        <EmptyState title={GLOSSARY_TEXT.unknown} note={GLOSSARY_TEXT.unknownNote} homeLink />
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  const { term } = state;
  const path = glossaryTermPath(term.slug);
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: GLOSSARY_TEXT.title, path: GLOSSARY_PATH }, { name: term.name, path }]} />
      <article className={styles.termPage}>
        <h1 className={pageStyles.pageTitle}>{term.name}</h1>
        {term.aliases.length > 0 && <p className={styles.aliases}>{GLOSSARY_TEXT.aliases} {term.aliases.join('、')}</p>}
        <p className={styles.lead} data-testid="glossary-definition">{term.definition}</p>
        {term.explanation && <div className={articleStyles.content} dangerouslySetInnerHTML={{ __html: term.explanation }} />}
      </article>
      {term.related.length > 0 && (
        <section className={styles.section} aria-labelledby="glossary-related">
          <h2 id="glossary-related" className={pageStyles.sectionTitle}>{GLOSSARY_TEXT.related}</h2>
          <ul className={styles.related}>
            {term.related.map((related) => (
              <li key={related.slug}>
                <a href={glossaryTermPath(related.slug)} className={styles.termName}>{related.name}</a>
                <span className={styles.definition}>{related.definition}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className={styles.section} aria-labelledby="glossary-articles">
        <h2 id="glossary-articles" className={pageStyles.sectionTitle}>{GLOSSARY_TEXT.articles}</h2>
        {term.articles.length === 0 ? (
          <EmptyState title={GLOSSARY_TEXT.noArticles} />
        ) : (
          <ul className={styles.articles} data-testid="glossary-articles">
            {term.articles.map((article) => (
              <li key={article.slug}>
                <a href={`/article/${encodeURIComponent(article.slug)}`} className={styles.articleTitle}>{article.title}</a>
                <span className={styles.articleFacts}>
                  {article.category_name && <span>{article.category_name}</span>}
                  {article.published_at && <time dateTime={article.published_at}>{formatLongDate(article.published_at)}</time>}
                </span>
              </li>
            ))}
          </ul>
        )}
        <PagerIsland page={page} pages={term.pagination.pages} path={path} />
      </section>
    </div>
  );
}
