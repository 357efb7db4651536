import { ISLAND_HYDRATE_ATTRIBUTE, ISLAND_TAG } from '@coinmag/frontend-shared/islands/island-markup';

/** Whether a React root handles this image's failure: it is in an island that is hydrated (not a `script` island). */
function hydratedIsland(image: HTMLImageElement): boolean {
  const island = image.closest(ISLAND_TAG);
  return island !== null && island.getAttribute(ISLAND_HYDRATE_ATTRIBUTE) !== 'script';
}

/**
 * The failure handling of images outside hydrated islands (docs/product.md §5), which no React root runs:
 * the fallback when the image names one, else the image is removed and its box marked failed,
 * as SmartImage does inside an island or the whole app. A box is `[data-image-box]`, whose value
 * is the class of an empty box.
 */
function failed(image: HTMLImageElement): void {
  const box = image.parentElement;
  if (!box?.hasAttribute('data-image-box') || hydratedIsland(image)) return;
  console.error('[image] 圖片載入失敗', image.getAttribute('src'));
  const fallback = box.getAttribute('data-fallback');
  if (fallback && image.getAttribute('src') !== fallback) {
    image.removeAttribute('srcset');
    image.removeAttribute('sizes');
    image.src = fallback;
    return;
  }
  image.remove();
  box.dataset.imageFailed = 'true';
  const emptyClass = box.getAttribute('data-image-box');
  if (emptyClass) box.classList.add(emptyClass);
}

/** Watches the images of `root` until `active()` says the whole app has taken them over. */
export function watchStaticImages(root: HTMLElement, active: () => boolean): void {
  // error does not bubble; a listener capturing on the document hears every image's.
  document.addEventListener(
    'error',
    (event) => {
      if (active() && event.target instanceof HTMLImageElement && root.contains(event.target)) failed(event.target);
    },
    true,
  );
  // Images that failed before this script ran.
  for (const image of Array.from(root.querySelectorAll('img'))) if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) failed(image);
}
