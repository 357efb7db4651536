// Its own module, without zod: the subscribe form's script on public pages reads these
// (@coinmag/contracts/newsletter-paths; docs/adr/0011-islands.md).

/** The newsletter service's paths (電子報). */
export const NEWSLETTER_PATHS = {
  subscribe: '/api/newsletter/subscribe',
  link: '/api/newsletter/link',
  confirm: '/api/newsletter/confirm',
  preferences: '/api/newsletter/preferences',
  /** RFC 8058 one-click: POST with `List-Unsubscribe=One-Click`, the signed link in `?t=`. */
  unsubscribe: '/api/newsletter/unsubscribe',
} as const;
