import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SubscribeFormMarkup } from '@coinmag/frontend-shared/newsletter/SubscribeFormMarkup';
import { FooterSubscribeIsland } from './FooterSubscribe';

/** Each region's accessible name: the text of the element its aria-labelledby points at. */
function regionNames(html: string): string[] {
  return [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map(([, id]) => {
    const heading = new RegExp(`<h2 id="${id}"[^>]*>([^<]*)</h2>`).exec(html);
    if (!heading) throw new Error(`no element ${id} names its region`);
    return heading[1]!;
  });
}

describe('the footer’s subscribe form', () => {
  it('has a name of its own beside an article’s or the home page’s form on the same page', () => {
    for (const place of ['article', 'home']) {
      const html = renderToString(
        <>
          <main>
            <SubscribeFormMarkup place={place} classes={{}} category={place === 'article' ? { id: 1, name: '比特幣' } : null} />
          </main>
          <footer>
            <FooterSubscribeIsland />
          </footer>
        </>,
      );
      const names = regionNames(html);
      expect(names).toEqual(['訂閱電子報', '訂閱每週精選']);
      expect(new Set(names).size).toBe(names.length);
    }
  });
});
