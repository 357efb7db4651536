import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The links in emails: `<purpose><subscriber id>.<link version>.<mac>`, an HMAC-SHA256 (cut to
 * 128 bits) under a key derived from NEWSLETTER_LINK_SECRET or FORWARDING_SECRET — the secret
 * itself is never the key (as with service grants). No address is in a link; the version is
 * the subscriber's, bumped on unsubscribing, so every earlier link stops working.
 */
export type LinkPurpose = 'confirm' | 'manage';
const PURPOSE_CODES: Record<LinkPurpose, string> = { confirm: 'c', manage: 'm' };

export interface LinkClaims {
  purpose: LinkPurpose;
  subscriberId: number;
  version: number;
}

export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update('coinmag-newsletter-link\0').update(secret).digest();
  }

  /** For a development process with neither secret: links work until it restarts. */
  static ephemeral(): LinkSigner {
    return new LinkSigner(randomBytes(32).toString('hex'));
  }

  sign(claims: LinkClaims): string {
    const body = `${PURPOSE_CODES[claims.purpose]}${claims.subscriberId}.${claims.version}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The claims of a well-formed token with a good MAC for the purpose, else undefined. */
  verify(token: string, purpose: LinkPurpose): LinkClaims | undefined {
    const match = /^([cm])(\d{1,15})\.(\d{1,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!match || match[1] !== PURPOSE_CODES[purpose]) return undefined;
    const body = `${match[1]}${match[2]}.${match[3]}`;
    // Compared as text: base64url's last character has bits a decoder ignores, so two spellings would decode alike.
    const given = Buffer.from(match[4]!, 'latin1');
    const expected = Buffer.from(this.mac(body), 'latin1');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { purpose, subscriberId: Number(match[2]), version: Number(match[3]) };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, 16).toString('base64url');
  }
}
