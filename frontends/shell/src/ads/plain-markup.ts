/** Elements whose content is not markup, or that run or hold code: such ad markup is injected in the browser. */
const UNSAFE = new Set(['script', 'style', 'textarea', 'title', 'noscript', 'template', 'xmp', 'plaintext', 'noembed', 'noframes', 'svg', 'math', 'object', 'embed', 'frame', 'frameset', 'base', 'meta', 'link', 'form']);
/** Attributes that carry a document or code of their own, or send the reader elsewhere: `<iframe srcdoc>` is a page, not markup. */
const UNSAFE_ATTRIBUTE = /(^|\s)(on[a-z]+|srcdoc|formaction|http-equiv)\s*=|javascript:|data:\s*text\/html/i;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// A start or end tag with its attributes (quoted values may hold `>`), or a comment.
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y;

/**
 * True when ad markup can be written into the server's HTML as it is: no script (nor anything that
 * runs or holds code), no event-handler attribute, and every element closed, so the markup cannot
 * swallow the rest of the page. Anything else keeps today's browser injection, with the CSP nonce.
 */
export function isPlainMarkup(markup: string | null | undefined): markup is string {
  if (!markup?.trim()) return false;
  const open: string[] = [];
  let at = 0;
  while (at < markup.length) {
    const next = markup.indexOf('<', at);
    if (next === -1) break;
    TOKEN.lastIndex = next;
    const match = TOKEN.exec(markup);
    if (!match) return false;
    at = TOKEN.lastIndex;
    const [, closing, rawName, attributes = '', selfClosing] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    if (UNSAFE.has(name) || UNSAFE_ATTRIBUTE.test(attributes)) return false;
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!VOID.has(name) && !selfClosing) {
      open.push(name);
    }
  }
  return open.length === 0;
}
