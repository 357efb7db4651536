import { useEffect, useState, type FormEvent } from 'react';
import type { HeaderCategory } from '@coinmag/contracts';
import { Logo } from './Logo';
import { searchUrlFor } from '../search/search-term';
import { island } from '@coinmag/frontend-shared/islands/island';
import styles from './layout.module.css';

async function fetchHeaderCategories(): Promise<HeaderCategory[]> {
  const res = await fetch('/api/categories/header');
  const body = (await res.json().catch(() => null)) as HeaderCategory[] | { error?: string } | null;
  if (!res.ok || !Array.isArray(body)) throw new Error((body && !Array.isArray(body) && body.error) || '取得導覽分類失敗');
  return body;
}

/** Uncontrolled: what a reader typed before the header was hydrated is what is searched for. */
function SearchBox({ id }: { id: string }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = searchUrlFor(String(new FormData(event.currentTarget).get('q') ?? ''));
    if (url) window.location.assign(url);
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit} action="/search" method="get">
      <label htmlFor={id} className={styles.visuallyHidden}>
        搜尋文章
      </label>
      <input id={id} type="search" name="q" placeholder="搜尋文章" defaultValue="" className={styles.searchInput} enterKeyHint="search" />
      <button type="submit" className={styles.searchButton} aria-label="搜尋">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M10 4a6 6 0 1 0 3.7 10.7l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z" /></svg>
      </button>
    </form>
  );
}

interface HeaderProps {
  siteTitle: string;
  initialCategories?: HeaderCategory[] | null;
}

/** What is inside the <header>: logo, navigation, search, the menu toggle and the menu. */
function HeaderBar({ siteTitle, initialCategories }: HeaderProps) {
  const [categories, setCategories] = useState<HeaderCategory[]>(initialCategories ?? []);
  const [menuOpen, setMenuOpen] = useState(false);
  // A fixed id, not useId: the header is hydrated as its own root, where useId would differ from the server's.
  const menuId = 'site-menu';

  useEffect(() => {
    // The server-rendered page brought them along.
    if (initialCategories) return;
    fetchHeaderCategories().then(setCategories, (err: Error) => console.error(err.message || '取得導覽分類失敗'));
  }, [initialCategories]);

  const links = categories.map((category) => (
    <li key={category.id}>
      <a href={`/category/${encodeURIComponent(category.slug)}`} className={styles.navLink} onClick={() => setMenuOpen(false)}>
        {category.name}
      </a>
    </li>
  ));

  return (
    <>
      <div className={styles.headerInner}>
        <Logo siteTitle={siteTitle} />
        <nav className={styles.desktopNav} aria-label="主要分類">
          <ul className={styles.navList}>{links}</ul>
        </nav>
        <div className={styles.desktopSearch}>
          <SearchBox id={`${menuId}-desktop-search`} />
        </div>
        <button type="button" className={styles.menuToggle} aria-label="選單" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((open) => !open)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? <path fill="currentColor" d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z" /> : <path fill="currentColor" d="M4 6h16v2H4zm0 5h16v2H4zm0 5h16v2H4z" />}
          </svg>
        </button>
      </div>
      {menuOpen && (
        <div id={menuId} className={styles.mobileMenu} data-testid="mobile-menu">
          <SearchBox id={`${menuId}-mobile-search`} />
          <nav aria-label="分類選單">
            <ul className={styles.mobileNavList}>{links}</ul>
          </nav>
        </div>
      )}
    </>
  );
}

/**
 * The header's contents are an island, hydrated when the reader reaches for its menu or search; at
 * once when the server had no categories for it (it asks for them itself).
 */
export const HeaderBarIsland = island('shell:header', HeaderBar, ({ initialCategories }) => (initialCategories ? 'interaction' : 'load'));

export function Header(props: HeaderProps) {
  return (
    <header className={styles.header}>
      <HeaderBarIsland {...props} />
    </header>
  );
}
