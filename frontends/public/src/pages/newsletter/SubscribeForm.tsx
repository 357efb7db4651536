import { island } from '@coinmag/frontend-shared/islands/island';
import { SubscribeFormMarkup, type SubscribeFormProps } from '@coinmag/frontend-shared/newsletter/SubscribeFormMarkup';
import styles from './newsletter.module.css';

/** 訂閱電子報 at the end of an article and on the home page (the footer's is the shell's, the same island). */
export function SubscribeForm(props: SubscribeFormProps) {
  return <SubscribeFormMarkup {...props} classes={styles} />;
}

export const SubscribeFormIsland = island('public:newsletter-subscribe', SubscribeForm, 'script');
