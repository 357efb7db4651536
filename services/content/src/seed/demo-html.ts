import type { DemoArticle } from './demo-articles.js';

const RESOURCES: Record<string, { label: string; href: string }> = {
  bitcoin: { label: '比特幣白皮書', href: 'https://bitcoin.org/bitcoin.pdf' },
  ethereum: { label: '以太坊官方文件', href: 'https://ethereum.org/zh-tw/' },
  security: { label: '165 全民防詐網', href: 'https://165.npa.gov.tw/' },
  regulation: { label: '金融監督管理委員會', href: 'https://www.fsc.gov.tw/' },
};
const DEFAULT_RESOURCE = { label: '以太坊新手教學', href: 'https://ethereum.org/zh-tw/learn/' };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML body of a demo article: intro, h2/h3 sections, lists, a link and a risk note. */
export function demoArticleHtml(article: DemoArticle): string {
  const parts = [`<p>${escape(article.intro)}</p>`];
  for (const section of article.sections) {
    parts.push(`<h2>${escape(section.heading)}</h2>`, `<p>${escape(section.body)}</p>`);
    if (section.points) parts.push(`<ul>${section.points.map((point) => `<li>${escape(point)}</li>`).join('')}</ul>`);
    if (section.sub) parts.push(`<h3>${escape(section.sub.heading)}</h3>`, `<p>${escape(section.sub.body)}</p>`);
  }
  const resource = RESOURCES[article.category] ?? DEFAULT_RESOURCE;
  parts.push(
    '<h2>重點整理</h2>',
    `<ol>${article.sections.map((section) => `<li>${escape(section.heading)}</li>`).join('')}</ol>`,
    `<p>延伸閱讀：<a href="${resource.href}" target="_blank">${escape(resource.label)}</a></p>`,
    '<blockquote>本文僅供教育與資訊參考，不構成任何投資建議。加密貨幣價格波動劇烈，投資前請審慎評估自身風險承受能力。</blockquote>',
  );
  return parts.join('\n');
}
