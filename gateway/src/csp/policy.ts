/** Where browsers send violation reports (both report-uri and the Reporting API's report-to). */
export const CSP_REPORT_PATH = '/api/csp-report';
export const CSP_REPORT_GROUP = 'csp';

export interface CspOptions {
  /** Origins (scheme://host[:port], `*.` wildcards allowed) that ad and analytics code may connect to and frame. */
  adHosts: readonly string[];
  /** Origins our own scripts come from besides this one (a remote moved with MF_*_ENTRY). */
  scriptOrigins: readonly string[];
}

/** The ad and analytics hosts AdSense and Google Analytics need, used when CSP_AD_HOSTS is unset. */
export const DEFAULT_AD_HOSTS = [
  'https://*.googlesyndication.com',
  'https://*.doubleclick.net',
  'https://*.google.com',
  'https://*.googleadservices.com',
  'https://*.google-analytics.com',
  'https://*.googletagmanager.com',
  'https://*.gstatic.com',
] as const;

const COMMON = [
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  `report-uri ${CSP_REPORT_PATH}`,
  `report-to ${CSP_REPORT_GROUP}`,
];

const list = (...sources: readonly string[]) => [...new Set(sources)].join(' ');

/**
 * The back office: our own scripts only (from this origin or a configured remote), no inline
 * script, no eval, no third-party connection or frame. Styles may be inline (React and the
 * editor set style attributes); images may come from anywhere an article's images may.
 */
export function adminPolicy(options: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src ${list("'self'", ...options.scriptOrigins)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
    ...COMMON,
  ].join('; ');
}

/**
 * Public pages run the admin's ad and analytics code, whose scripts load further scripts from
 * hosts nobody can list ahead. So scripts need this response's nonce, and what a nonced script
 * adds by DOM (not by document.write) is trusted in turn ('strict-dynamic'; browsers that know
 * it ignore the https: and 'unsafe-inline' fallbacks). Injected markup and parser-inserted
 * scripts without the nonce are refused. Connections and frames go only to the ad hosts.
 */
export function publicPolicy(nonce: string, options: CspOptions): string {
  return publicPolicyFor(options)(nonce);
}

const NONCE_MARK = '\u0000nonce\u0000';
const publicPolicies = new WeakMap<CspOptions, (nonce: string) => string>();

/** publicPolicy for these options as a function of the nonce alone: the rest is joined once. */
export function publicPolicyFor(options: CspOptions): (nonce: string) => string {
  let policy = publicPolicies.get(options);
  if (!policy) {
    const [before, after] = publicPolicyText(NONCE_MARK, options).split(NONCE_MARK) as [string, string];
    policy = (nonce) => before + nonce + after;
    publicPolicies.set(options, policy);
  }
  return policy;
}

function publicPolicyText(nonce: string, options: CspOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' https: 'unsafe-inline'`,
    `style-src 'self' 'unsafe-inline' ${list(...options.adHosts)}`.trim(),
    "img-src 'self' data: blob: https: http:",
    `font-src 'self' data: ${list(...options.adHosts)}`.trim(),
    `connect-src ${list("'self'", ...options.adHosts)}`,
    `frame-src ${options.adHosts.length > 0 ? list(...options.adHosts) : "'none'"}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    ...COMMON,
  ].join('; ');
}

/** Anything not HTML (JSON, images, uploads): nothing in it may run, even when opened directly. */
export const NON_HTML_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** Reporting API endpoint header naming the report group. */
export function reportingEndpoints(): string {
  return `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
}

/** Parses CSP_AD_HOSTS: comma- or space-separated origins; refuses anything that is not one. */
export function parseHostList(value: string): string[] {
  const hosts = value.split(/[\s,]+/).filter(Boolean);
  for (const host of hosts) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(host)) throw new Error(`"${host}" is not an origin such as https://ads.example.com or https://*.example.com`);
  }
  return hosts;
}
