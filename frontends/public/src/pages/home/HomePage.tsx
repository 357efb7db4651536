import { Link } from 'react-router-dom';
import { DEFAULT_SETTINGS, type Settings } from '@coinmag/contracts';
import { cardExcerpt } from '@coinmag/rules';
import { Spinner } from '../../components/Spinner';
import { ArticleCard, articleHref } from '../../components/ArticleCard';
import { CategoryBadge, PublishedDate, ViewCount } from '../../components/ArticleFacts';
import { SmartImage } from '../../components/SmartImage';
import { usePageMeta, type PageMeta } from '../../meta/use-page-meta';
import { useSite } from '../../site-context';
import { CarouselIsland } from './Carousel';
import { MoreArticlesIsland } from './MoreArticles';
import { SubscribeFormIsland } from '../newsletter/SubscribeForm';
import type { CardArticle } from './home-articles';
import { FEATURED_EXCERPT } from './more-articles';
import { homeKey, loadHomeState, type HomeState } from './load-home';
import { usePageState } from '../../data/page-data';
import { FlashBox } from '../flash/FlashBox';
import { EmptyState } from '../../components/EmptyState';
import { RETRY_ATTRIBUTE } from '@coinmag/frontend-shared/islands/navigation';
import components from '../../components/components.module.css';
import pageStyles from '../page.module.css';
import styles from './home.module.css';

function FeaturedArticle({ article }: { article: CardArticle }) {
  const href = articleHref(article.slug);
  return (
    <section className={styles.section} aria-labelledby="featured-article">
      <div className={pageStyles.sectionHead}>
        <h2 id="featured-article" className={pageStyles.sectionTitle}>精選文章</h2>
      </div>
      <article className={styles.featured} data-testid="featured-article">
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <SmartImage src={article.featured_image} alt={article.featured_image_alt ?? ''} width={1200} height={630} sizes="(min-width: 1024px) 560px, 100vw" />
        </Link>
        <div className={styles.featuredBody}>
          <CategoryBadge name={article.category_name} />
          <h3 className={styles.featuredTitle}>
            <Link to={href}>{article.title}</Link>
          </h3>
          <p className={styles.featuredExcerpt}>{cardExcerpt(article.excerpt, article.content_text, FEATURED_EXCERPT)}</p>
          <div className={styles.featuredFacts}>
            <PublishedDate value={article.published_at} />
            <ViewCount count={article.view_count} />
          </div>
        </div>
      </article>
    </section>
  );
}

const LOADING: HomeState = { status: 'loading' };
const failedHome = (): HomeState => ({ status: 'failed' });

/** The home page's head, on the server and in the browser. */
export function homeMeta(settings: Settings): PageMeta {
  return { description: settings.site_description || DEFAULT_SETTINGS.site_description, path: '/', type: 'website' };
}

export function HomePage() {
  const { settings, SidebarAd } = useSite();
  const { state, reload } = usePageState(homeKey(), loadHomeState, LOADING, failedHome);
  usePageMeta(homeMeta(settings));

  if (state.status === 'loading') return <Spinner label="載入內容中…" />;
  if (state.status === 'failed')
    return (
      <div className={pageStyles.page} role="alert">
        <EmptyState title="載入資料失敗" note="網路連線可能不穩定或服務暫時無法使用，請稍後再試。">
          <button type="button" className={components.button} onClick={reload} {...{ [RETRY_ATTRIBUTE]: '' }}>
            重新載入
          </button>
        </EmptyState>
      </div>
    );
  const { data } = state;
  return (
    <div className={pageStyles.page}>
      <h1 className={styles.visuallyHidden}>{settings.site_title}</h1>
      {data.carousel.length > 0 && <CarouselIsland items={data.carousel} />}
      <div className={styles.homeGrid}>
        <section className={styles.section} aria-labelledby="latest-articles">
          <div className={pageStyles.sectionHead}>
            <h2 id="latest-articles" className={pageStyles.sectionTitle}>最新文章</h2>
            <Link to="/articles" className={pageStyles.viewMore}>查看更多</Link>
          </div>
          <div className={styles.latestList} data-testid="latest-articles">
            {data.latest.map((article) => (
              <ArticleCard key={article.id} article={article} layout="compact" />
            ))}
          </div>
        </section>
        <aside className={styles.sidebar}>
          <FlashBox items={data.flash} mode="box" />
          <section className={styles.sideBox} aria-labelledby="popular-articles">
            <div className={pageStyles.sectionHead}>
              <h2 id="popular-articles" className={pageStyles.sectionTitle}>熱門文章</h2>
              <Link to="/category/popular" className={pageStyles.viewMore}>查看更多</Link>
            </div>
            <ol className={styles.popularList} data-testid="popular-articles">
              {data.popular.map((article, index) => (
                <li key={article.id} className={styles.popularItem}>
                  <span className={styles.rank} aria-hidden="true">{index + 1}</span>
                  <div>
                    <Link to={articleHref(article.slug)} className={styles.popularTitle}>{article.title}</Link>
                    <div className={styles.popularFacts}>
                      <ViewCount count={article.view_count} />
                    </div>
                  </div>
                </li>
              ))}
            </ol>
          </section>
          <SidebarAd />
        </aside>
      </div>
      {data.featured && <FeaturedArticle article={data.featured} />}
      <MoreArticlesIsland initial={data.more} latestIds={data.latest.map((article) => article.id)} />
      <SubscribeFormIsland place="home" />
    </div>
  );
}
