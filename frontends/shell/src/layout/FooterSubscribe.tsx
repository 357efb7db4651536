import { island } from '@coinmag/frontend-shared/islands/island';
import { SUBSCRIBE_FORM_HEADINGS, SubscribeFormMarkup } from '@coinmag/frontend-shared/newsletter/SubscribeFormMarkup';
import styles from './layout.module.css';

const CLASSES = {
  box: styles.footerNewsletter,
  row: styles.footerNewsletterRow,
  email: styles.footerNewsletterEmail,
  button: styles.footerNewsletterButton,
  choice: styles.footerNewsletterChoice,
  message: styles.footerNewsletterOk,
  error: styles.footerNewsletterError,
  hidden: styles.visuallyHidden,
};

function FooterSubscribe() {
  return <SubscribeFormMarkup place="footer" classes={CLASSES} heading={SUBSCRIBE_FORM_HEADINGS.footer} intro="每週精選，寄到你的信箱，隨時可以一鍵取消。" />;
}

/**
 * 訂閱每週精選 in the footer of every public page (its own name: an article's or the home page's
 * 訂閱電子報 may be on the same page): the public remote's script island, the same as
 * at the end of an article and on the home page (its script runs on this markup; no React).
 */
export const FooterSubscribeIsland = island('public:newsletter-subscribe', FooterSubscribe, 'script');
