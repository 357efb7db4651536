import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import styles from '../admin.module.css';
import { useSession } from '../session/session-store';
import { toast } from '../toasts/toast-store';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink);

/** Sidebar of docs/product.md §2 around the routed screen. */
export function AdminLayout() {
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();

  const signOut = () => {
    logout();
    toast.success('已登出');
    navigate('/admin');
  };

  return (
    <div className={styles.app}>
      <nav className={styles.sidebar} aria-label="後台選單">
        <NavLink to="/admin/dashboard" className={styles.brand}>幣誌後台</NavLink>
        <ul className={styles.navGroup}>
          <li><NavLink to="/admin/dashboard" className={linkClass}>儀表板</NavLink></li>
        </ul>
        <p className={styles.navHeading} id="nav-articles">文章管理</p>
        <ul className={styles.navGroup} aria-labelledby="nav-articles">
          <li><NavLink to="/admin/articles" end className={linkClass}>文章列表</NavLink></li>
          <li><NavLink to="/admin/articles/new" className={linkClass}>新增文章</NavLink></li>
        </ul>
        <ul className={styles.navGroup}>
          <li><NavLink to="/admin/flash" className={linkClass}>快訊</NavLink></li>
        </ul>
        <p className={styles.navHeading} id="nav-categories">分類管理</p>
        <ul className={styles.navGroup} aria-labelledby="nav-categories">
          <li><NavLink to="/admin/categories" end className={linkClass}>分類列表</NavLink></li>
          <li><NavLink to="/admin/categories/new" className={linkClass}>新增分類</NavLink></li>
        </ul>
        <p className={styles.navHeading} id="nav-learning-paths">學習路徑</p>
        <ul className={styles.navGroup} aria-labelledby="nav-learning-paths">
          <li><NavLink to="/admin/learning-paths" end className={linkClass}>路徑列表</NavLink></li>
          <li><NavLink to="/admin/learning-paths/new" className={linkClass}>新增學習路徑</NavLink></li>
        </ul>
        <ul className={styles.navGroup}>
          <li><NavLink to="/admin/glossary" className={linkClass}>術語表</NavLink></li>
          <li><NavLink to="/admin/numbers" className={linkClass}>搜尋與失效連結</NavLink></li>
          <li><NavLink to="/admin/redirects" className={linkClass}>轉址管理</NavLink></li>
        </ul>
        <ul className={styles.navGroup}>
          <li><NavLink to="/admin/settings" className={linkClass}>網站設定</NavLink></li>
          <li><NavLink to="/admin/import" className={linkClass}>匯入 WordPress</NavLink></li>
          <li><NavLink to="/admin/markets" className={linkClass}>行情設定</NavLink></li>
          <li><NavLink to="/admin/newsletter" className={linkClass}>電子報</NavLink></li>
          <li><NavLink to="/admin/subscribers" className={linkClass}>訂閱者</NavLink></li>
          <li><NavLink to="/admin/webhooks" className={linkClass}>Webhook</NavLink></li>
          <li><NavLink to="/admin/activity" className={linkClass}>操作紀錄</NavLink></li>
          <li><NavLink to="/admin/account" className={linkClass}>帳號設定</NavLink></li>
        </ul>
        <button type="button" className={styles.logout} onClick={signOut}>登出</button>
      </nav>
      <main className={styles.main} id="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
