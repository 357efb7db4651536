import { describe, expect, it } from 'vitest';
import { diffBlocks, diffText, htmlToBlocks } from './text-diff';

describe('revision diff', () => {
  it('reads article HTML as paragraphs, images by their alt text, entities decoded', () => {
    expect(htmlToBlocks('<h2 id="a">標題</h2><p>第一段 &amp; 符號</p><p><img src="/x.png" alt="圖說"></p><ul><li>一</li><li>二</li></ul><p></p>')).toEqual([
      '標題', '第一段 & 符號', '[圖片：圖說]', '一', '二',
    ]);
  });

  it('marks added and removed characters inside a changed paragraph', () => {
    expect(diffText('比特幣是一種貨幣', '比特幣是一種數位貨幣')).toEqual([
      { kind: 'same', text: '比特幣是一種' },
      { kind: 'added', text: '數位' },
      { kind: 'same', text: '貨幣' },
    ]);
  });

  it('keeps unchanged paragraphs, and shows whole paragraphs added or removed', () => {
    const blocks = diffBlocks(['甲', '乙', '丙'], ['甲', '乙二', '丁', '丙']);
    expect(blocks.map((block) => block.changed)).toEqual([false, true, true, false]);
    expect(blocks[1]!.parts).toEqual([{ kind: 'same', text: '乙' }, { kind: 'added', text: '二' }]);
    expect(blocks[2]!.parts).toEqual([{ kind: 'added', text: '丁' }]);
    expect(diffBlocks(['甲', '乙'], ['甲'])[1]).toEqual({ changed: true, parts: [{ kind: 'removed', text: '乙' }] });
  });
});
