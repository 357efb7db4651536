let injectedAny = false;

/** True once any ad or analytics markup ran in this page; leaving for an ad-free path then needs a reload. */
export function adsWereInjected(): boolean {
  return injectedAny;
}

/**
 * The page's Content-Security-Policy nonce, from our own script tags (the browser hides the
 * attribute's value but keeps the `nonce` property). Public pages allow scripts that carry it
 * and what those load; ad markup is the admin's own code, so its scripts get it too.
 */
function pageNonce(): string {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

/**
 * Puts raw ad markup into `container` and makes its scripts run: scripts set through
 * innerHTML are inert, so each is replaced by a fresh element with the same attributes
 * and the page's nonce.
 */
export function injectMarkup(container: HTMLElement, markup: string): void {
  container.innerHTML = markup;
  injectedAny = true;
  const nonce = pageNonce();
  for (const inert of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const { name, value } of Array.from(inert.attributes)) if (name !== 'nonce') script.setAttribute(name, value);
    if (nonce) script.nonce = nonce;
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
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(id)}`;
  script.addEventListener('error', () => console.error('[ads] ad network script failed to load'));
  document.head.append(script);
  injectedAny = true;
}
