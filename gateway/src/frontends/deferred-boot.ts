import { jsonForScript } from '@coinmag/rules';
import { CSP_NONCE_ATTRIBUTE } from '../csp/nonce.js';

const DEFERRED_SCRIPT = /<script\b[^>]*\bdefer\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;

/** How long the scripts wait at most for the page's first image (a slow image must not keep the page inert). */
export const BOOT_WAIT_MS = 3_000;

/**
 * The starter a server-rendered page runs instead of its deferred scripts and script preloads: once
 * the page's high-priority image (the largest paint) has loaded and a frame with it has been painted,
 * it preloads the chunks and adds the scripts in order. The page is complete HTML, readable without
 * them; fetched and run earlier they share the phone's bandwidth with that image and hold the main
 * thread before its paint. Scripts it adds are trusted through its nonce ('strict-dynamic').
 */
function starter(scripts: string[], preloads: string[]): string {
  return `<script ${CSP_NONCE_ATTRIBUTE}>(function(d,s,p){var n=d.currentScript&&d.currentScript.nonce,done=0;` +
    `function add(t,a){var e=d.createElement(t);for(var k in a)e[k]=a[k];if(n)e.nonce=n;(t==='link'?d.head:d.body).appendChild(e)}` +
    `function go(){if(done)return;done=1;p.forEach(function(h){add('link',{rel:'preload',as:'script',href:h})});s.forEach(function(h){add('script',{src:h,async:false})})}` +
    `function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}` +
    `var i=d.querySelector('#root img[fetchpriority="high"]');` +
    `if(!i||i.complete)painted();else{i.addEventListener('load',painted);i.addEventListener('error',painted);setTimeout(go,${BOOT_WAIT_MS})}` +
    `})(document,${jsonForScript(scripts)},${jsonForScript(preloads)})</script>`;
}

/** The page's deferred <script src> tags replaced by the starter, which also takes over the script preloads. */
export function deferScriptsUntilFirstImage(html: string, preloads: string[]): string {
  const scripts = [...html.matchAll(DEFERRED_SCRIPT)].map((match) => match[1]!);
  if (scripts.length === 0) return html;
  let first = true;
  return html.replace(DEFERRED_SCRIPT, () => {
    if (!first) return '';
    first = false;
    return starter(scripts, preloads);
  });
}
