import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/**
 * A WordPress export of about `megabytes` MB, written as a stream: a Traditional Chinese crypto
 * blog with nested categories, tags, posts of every status WordPress writes, Yoast meta, covers
 * by _thumbnail_id, [caption] and block comments, pages and menu items to skip. Each post body is
 * about 20 KB, as long articles are.
 */
export async function writeSyntheticExport(path: string, megabytes: number): Promise<{ bytes: number; posts: number; items: number }> {
  const out = createWriteStream(path);
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, 'drain');
  };
  const cdata = (text: string) => `<![CDATA[${text}]]>`;
  const enc = (text: string) => encodeURIComponent(text).toLowerCase();

  await write(`<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel>
<title>幣圈長青日報</title>
<link>https://bigblog.example.com</link>
<wp:wxr_version>1.2</wp:wxr_version>
<wp:base_site_url>https://bigblog.example.com</wp:base_site_url>
`);
  const parents = ['市場分析', '新手教學', '區塊鏈技術', '交易所動態'];
  const categories: string[] = [];
  for (const [p, parent] of parents.entries()) {
    await write(`<wp:category><wp:term_id>${p + 1}</wp:term_id><wp:category_nicename>${cdata(enc(parent))}</wp:category_nicename><wp:category_parent>${cdata('')}</wp:category_parent><wp:cat_name>${cdata(parent)}</wp:cat_name></wp:category>\n`);
    categories.push(parent);
    for (let c = 1; c <= 4; c++) {
      const name = `${parent}之${c}`;
      await write(`<wp:category><wp:term_id>${100 + p * 10 + c}</wp:term_id><wp:category_nicename>${cdata(enc(name))}</wp:category_nicename><wp:category_parent>${cdata(enc(parent))}</wp:category_parent><wp:cat_name>${cdata(name)}</wp:cat_name></wp:category>\n`);
      categories.push(name);
    }
  }
  const tags = Array.from({ length: 200 }, (_, i) => `標籤${i + 1}`);
  for (const [i, tag] of tags.entries()) {
    await write(`<wp:tag><wp:term_id>${1000 + i}</wp:term_id><wp:tag_slug>${cdata(enc(tag))}</wp:tag_slug><wp:tag_name>${cdata(tag)}</wp:tag_name></wp:tag>\n`);
  }

  const paragraph = '比特幣與以太坊的價格在本週出現明顯波動，分析師提醒投資人留意槓桿風險，並分散資產配置；新手應先了解錢包、私鑰與交易所出金流程，再決定投入的金額。';
  const body = (n: number) => {
    const parts = [`<!-- wp:paragraph -->\n<p>第 ${n} 篇：${paragraph}</p>\n<!-- /wp:paragraph -->`];
    parts.push(`[caption id="attachment_${n}" align="aligncenter" width="300"]<img src="https://bigblog.example.com/wp-content/uploads/2023/01/chart-${n}-300x200.png" alt="走勢圖 ${n}" width="300" height="200" /> 第 ${n} 篇的走勢圖[/caption]`);
    for (let i = 0; i < 40; i++) parts.push(i % 10 === 0 ? `<h2>第 ${i / 10 + 1} 節</h2>` : `<p>${paragraph}</p>`);
    return parts.join('\n');
  };
  const statuses = ['publish', 'publish', 'publish', 'publish', 'publish', 'publish', 'draft', 'pending', 'private', 'future'];
  const target = megabytes * 1024 * 1024;
  let posts = 0;
  let items = 0;
  let id = 10_000;
  while (bytes < target) {
    id += 2;
    items += 1;
    const n = items;
    if (n % 50 === 0) {
      // A page and a menu item now and then: counted, then skipped.
      await write(`<item><title>${cdata(`關於我們 ${n}`)}</title><wp:post_id>${id}</wp:post_id><wp:post_name>${cdata(`about-${n}`)}</wp:post_name><wp:status>${cdata('publish')}</wp:status><wp:post_type>${cdata(n % 100 === 0 ? 'nav_menu_item' : 'page')}</wp:post_type><content:encoded>${cdata('<p>關於本站</p>')}</content:encoded></item>\n`);
      continue;
    }
    posts += 1;
    const status = statuses[n % statuses.length]!;
    const year = status === 'future' ? 2031 : 2019 + (n % 6);
    const date = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')} 0${n % 10}:00:00`;
    const title = `加密貨幣市場觀察第 ${n} 期：比特幣走勢與新手須知`;
    const category = categories[n % categories.length]!;
    const postTags = [tags[n % tags.length]!, tags[(n * 7) % tags.length]!];
    await write(`<item>
<title>${cdata(title)}</title>
<link>https://bigblog.example.com/${date.slice(0, 4)}/${date.slice(5, 7)}/${enc(`市場觀察-${n}`)}/</link>
<dc:creator>${cdata('editor')}</dc:creator>
<content:encoded>${cdata(body(n))}</content:encoded>
<excerpt:encoded>${cdata(`第 ${n} 期市場觀察摘要。`)}</excerpt:encoded>
<wp:post_id>${id}</wp:post_id>
<wp:post_date>${cdata(date)}</wp:post_date>
<wp:post_date_gmt>${cdata(status === 'draft' || status === 'pending' ? '0000-00-00 00:00:00' : date)}</wp:post_date_gmt>
<wp:post_name>${cdata(enc(`市場觀察-${n}`))}</wp:post_name>
<wp:status>${cdata(status)}</wp:status>
<wp:post_parent>0</wp:post_parent>
<wp:post_type>${cdata('post')}</wp:post_type>
<category domain="category" nicename="${enc(category)}">${cdata(category)}</category>
${postTags.map((tag) => `<category domain="post_tag" nicename="${enc(tag)}">${cdata(tag)}</category>`).join('\n')}
<wp:postmeta><wp:meta_key>${cdata('_thumbnail_id')}</wp:meta_key><wp:meta_value>${cdata(String(id + 1))}</wp:meta_value></wp:postmeta>
<wp:postmeta><wp:meta_key>${cdata('_yoast_wpseo_metadesc')}</wp:meta_key><wp:meta_value>${cdata(`第 ${n} 期重點整理。`)}</wp:meta_value></wp:postmeta>
</item>
<item><title>${cdata(`cover-${n}`)}</title><wp:post_id>${id + 1}</wp:post_id><wp:post_parent>${id}</wp:post_parent><wp:status>${cdata('inherit')}</wp:status><wp:post_type>${cdata('attachment')}</wp:post_type><wp:attachment_url>${cdata(`https://bigblog.example.com/wp-content/uploads/2023/01/cover-${n}.jpg`)}</wp:attachment_url></item>
`);
  }
  await write('</channel>\n</rss>\n');
  out.end();
  await once(out, 'finish');
  return { bytes, posts, items };
}
