import type { Api } from '../../api/http';
import type { GlossaryIndex } from '@coinmag/contracts';
import { fetchGlossary } from '../../api/glossary';
import { usePageState } from '../../data/page-data';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { GLOSSARY_PATH, GLOSSARY_TEXT, glossaryIndexMeta, glossaryTermPath } from './glossary-meta';
import pageStyles from '../page.module.css';
import styles from './glossary.module.css';

export type GlossaryState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; index: GlossaryIndex };

export const glossaryKey = () => GLOSSARY_PATH;

export async function loadGlossary(api: Api): Promise<GlossaryState> {
  return { status: 'ready', index: await fetchGlossary(api) };
}

const LOADING: GlossaryState = { status: 'loading' };
const failedGlossary = (): GlossaryState => ({ status: 'failed' });

export function glossaryMeta(state: GlossaryState): PageMeta | null {
  return state.status === 'ready' ? glossaryIndexMeta(state.index) : null;
}

/** /glossary: every published term, grouped by the Zhuyin initial or Latin letter it begins with (docs/product.md §3 Glossary). */
export function GlossaryPage() {
  const { state } = usePageState(glossaryKey(), loadGlossary, LOADING, failedGlossary);
  usePageMeta(glossaryMeta(state));
  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page}>
        <EmptyState title="載入資料失敗" note="請稍後再試" homeLink />
      </div>
    );
  const { groups, total } = state.index;
  return (
    <div className={pageStyles.page}>
      <Breadcrumbs items={[{ name: '首頁', path: '/' }, { name: GLOSSARY_TEXT.title, path: GLOSSARY_PATH }]} />
      <h1 className={pageStyles.pageTitle}>{GLOSSARY_TEXT.title}</h1>
      <p className={pageStyles.pageLead}>{GLOSSARY_TEXT.lead(total)}</p>
      {groups.length === 0 ? (
        <EmptyState title="暫無術語" />
      ) : (
        <>
          <nav className={styles.jump} aria-label={GLOSSARY_TEXT.jump}>
            {groups.map((group, index) => (
              <a key={group.label} href={`#glossary-group-${index + 1}`} className={styles.jumpLink}>
                {group.label}
              </a>
            ))}
          </nav>
          {groups.map((group, index) => (
            <section key={group.label} className={styles.group} aria-labelledby={`glossary-group-${index + 1}`}>
              <h2 id={`glossary-group-${index + 1}`} className={styles.groupLabel}>{group.label}</h2>
              <dl className={styles.terms}>
                {group.terms.map((term) => (
                  <div key={term.slug} className={styles.term} data-testid="glossary-term">
                    <dt>
                      <a href={glossaryTermPath(term.slug)} className={styles.termName}>{term.name}</a>
                      {term.aliases.length > 0 && <span className={styles.aliases}>{GLOSSARY_TEXT.aliases} {term.aliases.join('、')}</span>}
                    </dt>
                    <dd className={styles.definition}>{term.definition}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </>
      )}
    </div>
  );
}
