import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, articleFields } from './admin-client.js';
import { startContent, type ContentHarness } from './content-harness.js';
import { XSS_VECTORS } from './xss-vectors.js';

const ALLOWED_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'del', 'mark', 'sub', 'sup',
  'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'code', 'pre', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'id', 'start', 'colspan', 'rowspan', 'class']);
const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#|[^:]*$)/i;
const SAFE_IMAGE = /^(https?:|data:image\/(png|jpe?g|gif|webp|avif);|\/(?!\/)|[^:/][^:]*$)/i;

/** Every element and attribute of stored HTML, checked against the allow-list as a browser would parse it. */
function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!ALLOWED_TAGS.has(name)) problems.push(`tag ${name}`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (!ALLOWED_ATTRIBUTES.has(attribute)) problems.push(`attribute ${attribute} on ${name}`);
        const compact = value.replace(/[\s\0]/g, '');
        if (attribute === 'href' && !SAFE_LINK.test(compact)) problems.push(`href ${value}`);
        if (attribute === 'src' && !SAFE_IMAGE.test(compact)) problems.push(`src ${value}`);
        if (attribute === 'class' && !/^language-[a-z0-9+-]+$/.test(value)) problems.push(`class ${value}`);
        if (attribute === 'target' && value !== '_blank') problems.push(`target ${value}`);
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return problems;
}

describe('article HTML is sanitised before it is stored', () => {
  let api: ContentHarness;
  beforeAll(async () => {
    api = await startContent();
  });
  afterAll(() => api.close());

  it('has a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it('the allow-list check itself catches a live vector', () => {
    expect(unsafeParts('<img src=x onerror=alert(1)>')).toContain('attribute onerror on img');
  });

  it.each(XSS_VECTORS.map((vector, index) => [index, vector]))('vector %i comes back inert: %s', async (index, vector) => {
    const { status, body } = await adminClient(api).createArticle(articleFields({ title: `XSS ${index}`, content: `<p>安全內容</p>${vector}`, status: 'published' }));
    expect(status).toBe(201);
    const stored = (await api.get(`/api/articles/${encodeURIComponent(body.slug)}`)).body.content as string;
    expect(unsafeParts(stored)).toEqual([]);
    expect(stored.toLowerCase()).not.toMatch(/<script|javascript:|vbscript:|onerror|onload|srcdoc/);
    expect(stored).toContain('<p>安全內容</p>');
  });
});
