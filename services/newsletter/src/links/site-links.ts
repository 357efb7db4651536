import { NEWSLETTER_PAGES, NEWSLETTER_PATHS } from '@coinmag/contracts';
import type { MailLinks } from '../mail/templates.js';
import type { LinkSigner } from './signed-links.js';

/** A subscriber's own links: the preferences page and the one-click unsubscribe, both signed. */
export function mailLinks(signer: LinkSigner, siteOrigin: string, subscriberId: number, version: number): MailLinks {
  const token = signer.sign({ purpose: 'manage', subscriberId, version });
  return {
    manage: `${siteOrigin}${NEWSLETTER_PAGES.manage}?t=${token}`,
    unsubscribe: `${siteOrigin}${NEWSLETTER_PAGES.unsubscribe}?t=${token}`,
    oneClick: `${siteOrigin}${NEWSLETTER_PATHS.unsubscribe}?t=${token}`,
  };
}

/** A test send's links (the admin is no subscriber): the pages, without a token. */
export function siteLinks(siteOrigin: string): MailLinks {
  return { manage: `${siteOrigin}${NEWSLETTER_PAGES.manage}`, unsubscribe: `${siteOrigin}${NEWSLETTER_PAGES.unsubscribe}`, oneClick: `${siteOrigin}${NEWSLETTER_PATHS.unsubscribe}` };
}
