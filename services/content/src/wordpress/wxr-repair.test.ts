import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decideItem } from './wxr-mapping.js';
import { parseWxr, type WxrItem } from './wxr-parser.js';

const GHOST_SAMPLE = new URL('../../test/fixtures/wordpress/ghost-sample.xml', import.meta.url);

function wxr(items: string, declaration = '<?xml version="1.0" encoding="UTF-8" ?>'): string {
  return `${declaration}
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<link>https://old.example.com</link>
${items}
</channel>
</rss>`;
}

const post = (id: number, title: string, content = '<p>內文</p>') =>
  `<item><title>${title}</title><content:encoded><![CDATA[${content}]]></content:encoded><wp:post_id>${id}</wp:post_id><wp:post_date_gmt>2024-01-01 00:00:00</wp:post_date_gmt><wp:post_name>p${id}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`;

/** Reads in small pieces: every repair must hold across the pieces' boundaries. */
async function read(source: Buffer | string, pieceBytes = 7) {
  const bytes = Buffer.isBuffer(source) ? source : Buffer.from(source);
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += pieceBytes) pieces.push(bytes.subarray(at, at + pieceBytes));
  const items: WxrItem[] = [];
  const reading = await parseWxr(Readable.from(pieces), { onItem: (item) => void items.push(item) });
  return { items, reading };
}

describe('reading WordPress exports leniently', () => {
  it('reads TryGhost\'s WordPress test export (an attachment URL with bare &) and says what it repaired, with line and column', async () => {
    const items: WxrItem[] = [];
    const reading = await parseWxr(createReadStream(GHOST_SAMPLE), { onItem: (item) => void items.push(item) });
    expect(items.filter((item) => item.postType === 'post').map((item) => item.title)).toEqual(['Draft Post', 'Basic Post', 'Another Post']);
    expect(items.find((item) => item.postType === 'attachment')!.attachmentUrl).toBe('https://images.unsplash.com/photo-1601276861758-2d9c5ca69a17?ixlib=rb-1.2.1&ixid=eyJhcHBfaWQiOjEyMDd9&auto=format&fit=crop&w=1268&q=80');
    expect(reading.notes.slice(0, 2)).toEqual(['第 109 行第 101 欄：未轉義的「&」，已當作文字', '第 109 行第 127 欄：未轉義的「&」，已當作文字']);
    expect(reading.noteCount).toBe(reading.notes.length);
  });

  it('repairs bare & and <, control characters, HTML entities and bad character references, and notes each with its position', async () => {
    const { items, reading } = await read(wxr(`${post(1, 'A & B\u0001 &nbsp;&hellip; &foo; &#1;')}\n${post(2, '價格 < 100')}`));
    expect(items.map((item) => item.title)).toEqual(['A & B \u00a0… &foo;', '價格 < 100']);
    expect(reading.notes).toEqual([
      '第 5 行第 16 欄：未轉義的「&」，已當作文字',
      '第 5 行第 19 欄：控制字元 U+0001，已移除',
      '第 5 行第 21 欄：XML 未定義的實體「&nbsp;」，已依 HTML 解讀',
      '第 5 行第 27 欄：XML 未定義的實體「&hellip;」，已依 HTML 解讀',
      '第 5 行第 36 欄：未知的實體「&foo;」，已當作文字',
      '第 5 行第 42 欄：無效的字元參照「&#1;」（U+0001），已移除',
      '第 6 行第 17 欄：未轉義的「<」，已當作文字',
    ]);
  });

  it('keeps CDATA as written (an & there is text) but removes control characters from it', async () => {
    const { items, reading } = await read(wxr(post(1, '標題', '<p>A & B\u0008</p>')));
    expect(items[0]!.content).toBe('<p>A & B</p>');
    expect(reading.notes).toEqual(['第 5 行第 58 欄：控制字元 U+0008，已移除']);
  });

  it('decodes an export declared ISO-8859-1 (or windows-1252) as such, and says so', async () => {
    // windows-1252 bytes: é ï and the – “ ” that exports declared ISO-8859-1 really hold.
    const bytes = Buffer.from(wxr(post(1, 'Caf\xe9 na\xefve \x96 \x93quoted\x94'), '<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1');
    const { items, reading } = await read(bytes);
    expect(items[0]!.title).toBe('Café naïve – “quoted”');
    expect(reading.notes).toEqual(['匯出檔的編碼是 windows-1252，已轉換為 UTF-8']);
  });

  it('replaces bytes that are not UTF-8 and notes where they were', async () => {
    const bytes = Buffer.from(wxr(post(1, 'Caf#')));
    bytes[bytes.indexOf('Caf#') + 3] = 0xe9;
    const { items, reading } = await read(bytes);
    expect(items[0]!.title).toBe('Caf\uFFFD');
    expect(reading.notes).toEqual(['第 5 行第 17 欄：無法以匯出檔的編碼解讀的位元組，已換成「�」']);
  });

  it('drops comments and a DOCTYPE however long, without holding them', async () => {
    const { items } = await read(wxr(`<!-- ${'x'.repeat(2_000_000)} -->${post(1, '標題')}`).replace('<rss', `<!DOCTYPE rss [ <!ENTITY big "${'y'.repeat(100_000)}"> ]>\n<rss`), 64 * 1024);
    expect(items.map((item) => item.title)).toEqual(['標題']);
  });

  it('still refuses what is not XML at all, naming the line and column', async () => {
    await expect(read(wxr(`${post(1, '標題')}<item><title>未關閉</item>`))).rejects.toThrow(/^無法讀取匯出檔：XML 格式錯誤（第 5 行第 \d+ 欄：/);
    await expect(read(wxr(`<item><category domain="${'a'.repeat(70 * 1024)}">x</category></item>`), 64 * 1024)).rejects.toThrow(/^無法讀取匯出檔：第 5 行第 \d+ 欄：標籤超過 64 KB$/);
    await expect(read('<?xml version="1.0" encoding="x-unknown-charset"?><rss/>')).rejects.toThrow('無法讀取匯出檔：匯出檔宣告的編碼「x-unknown-charset」無法辨識');
  });

  it('never hands the XML parser (which holds a text whole until it ends) more than a few MB of one field', async () => {
    const piece = Buffer.from('<p>很長的內文</p>'.repeat(4000));
    async function* exportWithHugeBody() {
      yield Buffer.from(wxr('<item><title>巨大</title><content:encoded><![CDATA[').split('<item>')[0]! + '<item><title>巨大</title><content:encoded><![CDATA[');
      // 100 MB of one CDATA section, made as it is read; the heap is looked at as each piece goes.
      for (let made = 0; made < 100 * 1024 * 1024; made += piece.length) {
        peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        yield piece;
      }
      yield Buffer.from(`]]></content:encoded><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type></item>${post(2, '正常')}</channel></rss>`);
    }
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    const items: WxrItem[] = [];
    await parseWxr(Readable.from(exportWithHugeBody()), { onItem: (item) => void items.push(item) });
    expect(items.map((item) => [item.title, item.oversized])).toEqual([['巨大', ['<content:encoded>（超過 2 MB）']], ['正常', []]]);
    // One run held whole would be 100 M characters (200 MB as UTF-16).
    expect(peak).toBeLessThan(64 * 1024 * 1024);
  }, 60_000);

  it('cuts an over-long field and reports its post instead of refusing the file', async () => {
    const { items } = await read(wxr(`${post(1, '太長', '<p>x</p>'.repeat(300_000))}${post(2, '正常')}`), 64 * 1024);
    expect(items.map((item) => item.title)).toEqual(['太長', '正常']);
    expect(items[0]!.content.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    const context = { attachments: new Map<number, string>(), categorySlugs: new Map<string, string>(), now: new Date() };
    expect(decideItem(items[0]!, context)).toEqual({ kind: 'skip', reason: '欄位過長（未匯入）', problem: '欄位 <content:encoded>（超過 2 MB） 過長，這個文章未匯入' });
    expect(decideItem(items[1]!, context).kind).toBe('post');
  });
});
