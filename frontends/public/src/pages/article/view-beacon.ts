import { sendView } from '../../api/articles';
import { viewCountText } from '../../components/view-count';

/**
 * The view beacon of a server-rendered article page, without React (the `script` side of
 * ArticleViews): one beacon per page view, and the count shown becomes the live one it answers,
 * never lower than the page's.
 */
export function viewBeacon(element: HTMLElement, props: object): void {
  const { slug, count } = props as { slug?: unknown; count?: unknown };
  if (typeof slug !== 'string' || typeof count !== 'number') return;
  void sendView(slug).then((views) => {
    const shown = element.firstElementChild;
    if (views !== null && shown) shown.textContent = viewCountText(Math.max(views, count));
  });
}
