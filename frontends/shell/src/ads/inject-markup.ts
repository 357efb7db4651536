let injectedAny = false;

/** True once any ad or analytics markup ran in this page; leaving for an ad-free path then needs a reload. */
export function adsWereInjected(): boolean {
  return injectedAny;
}

/**
 * Puts raw ad markup into `container` and makes its scripts run: scripts set through
 * innerHTML are inert, so each is replaced by a fresh element with the same attributes.
 */
export function injectMarkup(container: HTMLElement, markup: string): void {
  container.innerHTML = markup;
  injectedAny = true;
  for (const inert of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const { name, value } of Array.from(inert.attributes)) script.setAttribute(name, value);
    script.text = inert.text;
    script.addEventListener('error', () => console.error('[ads] script failed to load', script.src));
    try {
      inert.replaceWith(script);
    } catch (err) {
      console.error('[ads] script failed', err);
    }
  }
}

/** Loads the ad network's script once, when a publisher id is set. */
export function injectAdNetwork(publisherId: string): void {
  const id = publisherId.trim();
  if (!id || document.querySelector('script[data-ad-network]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.dataset.adNetwork = 'adsense';
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(id)}`;
  script.addEventListener('error', () => console.error('[ads] ad network script failed to load'));
  document.head.append(script);
  injectedAny = true;
}
