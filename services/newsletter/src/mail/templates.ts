import { randomUUID } from 'node:crypto';
import type { CampaignArticle } from '@coinmag/contracts';

/** An email ready for a transport: one recipient, both parts, its own headers. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe and List-Unsubscribe-Post (RFC 8058), and the Message-ID's left part. */
  headers: Record<string, string>;
  messageId: string;
}

export interface MailLinks {
  /** The preferences page (管理訂閱). */
  manage: string;
  /** The visible 取消訂閱 link: a page whose one button unsubscribes (a GET never does: mail scanners follow links). */
  unsubscribe: string;
  /** RFC 8058's one-click POST endpoint, in List-Unsubscribe. */
  oneClick: string;
}

export const SITE_NAME = '幣圈新手誌';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** One line, no control characters (a subject never carries a header, whoever typed it). */
export function oneLine(value: string): string {
  return value.replace(/[\x00-\x1f\x7f\u2028\u2029]+/g, ' ').trim();
}

function layout(title: string, bodyHtml: string, links: MailLinks | undefined, siteOrigin: string): string {
  const footer = links
    ? `<p style="margin:0 0 8px">你收到這封信，是因為你訂閱了${SITE_NAME}電子報。</p>
<p style="margin:0"><a href="${escapeHtml(links.manage)}" style="color:#555">管理訂閱設定</a> ・ <a href="${escapeHtml(links.unsubscribe)}" style="color:#555">取消訂閱</a></p>`
    : `<p style="margin:0">${SITE_NAME}</p>`;
  return `<!doctype html>
<html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:-apple-system,'PingFang TC','Noto Sans TC','Microsoft JhengHei',sans-serif;color:#1f2328">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e7eb"><a href="${escapeHtml(siteOrigin)}/" style="font-size:20px;font-weight:bold;color:#b45309;text-decoration:none">${SITE_NAME}</a></td></tr>
<tr><td style="padding:20px 24px;font-size:16px;line-height:1.7">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;color:#6b7280;line-height:1.6">${footer}</td></tr>
</table></td></tr></table></body></html>`;
}

function button(href: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="background:#b45309;border-radius:6px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></td></tr></table>`;
}

function listHeaders(links: MailLinks): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function confirmationMail(to: string, confirmUrl: string, links: MailLinks, siteOrigin: string, messageId: string): OutgoingMail {
  const subject = `請確認訂閱${SITE_NAME}電子報`;
  const body = `<p style="margin:0 0 16px">你好！有人（希望是你）用這個信箱訂閱了${SITE_NAME}電子報。</p>
<p style="margin:0 0 20px">請按下面的按鈕確認訂閱；確認之前，我們不會寄其他信給你。</p>
${button(confirmUrl, '確認訂閱')}
<p style="margin:20px 0 0;font-size:14px;color:#6b7280">如果不是你訂閱的，請忽略這封信，7 天後這個信箱會自動從名單刪除。</p>`;
  const text = `你好！有人（希望是你）用這個信箱訂閱了${SITE_NAME}電子報。

請打開下面的連結確認訂閱；確認之前，我們不會寄其他信給你。
${confirmUrl}

如果不是你訂閱的，請忽略這封信，7 天後這個信箱會自動從名單刪除。

取消訂閱：${links.unsubscribe}
`;
  return { to, subject, html: layout(subject, body, links, siteOrigin), text, headers: listHeaders(links), messageId };
}

export interface CampaignContent {
  subject: string;
  intro: string;
  articles: CampaignArticle[];
}

function articleHtml(article: CampaignArticle): string {
  const image = article.image
    ? `<a href="${escapeHtml(article.url)}"><img src="${escapeHtml(article.image)}" alt="" width="552" style="display:block;width:100%;max-width:552px;height:auto;border:0;border-radius:6px;margin:0 0 8px"></a>`
    : '';
  const category = article.category ? `<div style="font-size:13px;color:#b45309;margin:0 0 4px">${escapeHtml(article.category)}</div>` : '';
  const excerpt = article.excerpt ? `<p style="margin:4px 0 0;font-size:15px;color:#4b5563">${escapeHtml(article.excerpt)}</p>` : '';
  return `<div style="margin:0 0 24px">${image}${category}<a href="${escapeHtml(article.url)}" style="font-size:18px;font-weight:bold;color:#1f2328;text-decoration:none">${escapeHtml(article.title)}</a>${excerpt}
<p style="margin:6px 0 0"><a href="${escapeHtml(article.url)}" style="color:#b45309">閱讀全文 →</a></p></div>`;
}

function paragraphs(intro: string): string {
  return intro
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p style="margin:0 0 16px">${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A campaign's email for one recipient: its address, its own signed links, its Message-ID. */
export type CampaignRender = (to: string, links: MailLinks, messageId: string) => OutgoingMail;

// Where a recipient's links go in a campaign rendered once: unguessable, and left alone by escapeHtml.
const SLOT_MARK = `{{${randomUUID()}`;
const SLOTS = { manage: `${SLOT_MARK}:manage}}`, unsubscribe: `${SLOT_MARK}:unsubscribe}}` } as const;
const SLOT_PATTERN = new RegExp(`${SLOT_MARK.replace(/[{}]/g, '\\$&')}:(manage|unsubscribe)\\}\\}`);

/** The text cut at each slot: [literal, slot name, literal, slot name, …, literal]. */
function slotted(rendered: string): string[] {
  return rendered.split(SLOT_PATTERN);
}

function fill(parts: string[], values: { manage: string; unsubscribe: string }): string {
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) out += values[parts[i] as 'manage' | 'unsubscribe'] + parts[i + 1]!;
  return out;
}

/**
 * A campaign rendered once (subject, HTML and text) for any number of recipients: each email is
 * the rendering with the recipient's own links put in, so the per-recipient work is a join.
 */
export function campaignTemplate(content: CampaignContent, siteOrigin: string, subjectPrefix = ''): CampaignRender {
  const subject = oneLine(`${subjectPrefix}${content.subject}`);
  const body = `${paragraphs(content.intro)}${content.articles.map(articleHtml).join('')}`;
  const slotLinks: MailLinks = { ...SLOTS, oneClick: '' };
  const html = slotted(layout(subject, body, slotLinks, siteOrigin));
  const text = slotted(
    `${[
      content.intro.trim(),
      ...content.articles.map((article) => [article.category ? `［${article.category}］` : '', article.title, article.excerpt, article.url].filter(Boolean).join('\n')),
      `管理訂閱設定：${SLOTS.manage}\n取消訂閱：${SLOTS.unsubscribe}`,
    ]
      .filter(Boolean)
      .join('\n\n')}\n`,
  );
  return (to, links, messageId) => ({
    to,
    subject,
    html: fill(html, { manage: escapeHtml(links.manage), unsubscribe: escapeHtml(links.unsubscribe) }),
    text: fill(text, links),
    headers: listHeaders(links),
    messageId,
  });
}

export function campaignMail(to: string, content: CampaignContent, links: MailLinks, siteOrigin: string, messageId: string, subjectPrefix = ''): OutgoingMail {
  return campaignTemplate(content, siteOrigin, subjectPrefix)(to, links, messageId);
}
