import type { CampaignEdit, CampaignPreview } from '@coinmag/contracts';
import { siteLinks } from '../links/site-links.js';
import { campaignMail } from '../mail/templates.js';

/**
 * The digest editor's 預覽: the email rendered by the template the sender uses, from what the
 * editor holds (saved or not), with the site's pages for links (the admin is no subscriber).
 * Nothing is written and nothing is queued.
 */
export function previewCampaign(content: CampaignEdit, siteOrigin: string): CampaignPreview {
  const mail = campaignMail('', content, siteLinks(siteOrigin), siteOrigin, 'preview');
  return { subject: mail.subject, html: mail.html, text: mail.text };
}
