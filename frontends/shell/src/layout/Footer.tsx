import { Link } from 'react-router-dom';
import type { Settings } from '@coinmag/contracts';
import { Ad } from '../ads/Ad';
import { FooterSubscribeIsland } from './FooterSubscribe';
import styles from './layout.module.css';

export const COMMUNITY_LINKS = {
  chatGroup: 'https://t.me/coinmag_tw',
  social: 'https://x.com/coinmag_tw',
};

/** `subscribe`: the 訂閱電子報 form (every page but the newsletter's own: confirm, preferences, unsubscribe). */
export function Footer({ settings, subscribe = true }: { settings: Settings; subscribe?: boolean }) {
  return (
    <footer className={styles.footer}>
      <Ad markup={settings.footer_ad_script} placement="footer" />
      <div className={styles.footerInner}>
        <section className={styles.footerBrand}>
          <p className={styles.footerTitle}>{settings.site_title}</p>
          <p>幫助更多新手快速掌握最新的加密貨幣趨勢與資訊</p>
        </section>
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className={styles.footerHeading}>關於我們</h2>
          <ul className={styles.footerList}>
            <li><a href={COMMUNITY_LINKS.chatGroup} target="_blank" rel="noopener">加入社群</a></li>
            <li><a href={COMMUNITY_LINKS.social} target="_blank" rel="noopener">追蹤我們</a></li>
          </ul>
        </section>
        <nav aria-label="頁尾連結">
          <ul className={styles.footerList}>
            <li><Link to="/">首頁</Link></li>
            <li><a href="/search">搜尋</a></li>
            <li><a href="/learn">學習路徑</a></li>
            <li><a href="/glossary">術語表</a></li>
          </ul>
        </nav>
        {subscribe ? <FooterSubscribeIsland /> : null}
      </div>
      <p className={styles.copyright}>© 2024 {settings.site_title} 版權所有</p>
    </footer>
  );
}
