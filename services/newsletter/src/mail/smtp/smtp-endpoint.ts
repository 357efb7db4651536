/** Where and how to reach the relay, read from NEWSLETTER_SMTP_URL (smtp:// or smtps://, login in the URL). */
export interface SmtpEndpoint {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte. smtp://: STARTTLS whenever the relay offers it. */
  implicitTls: boolean;
  user?: string;
  password?: string;
}

export function parseSmtpUrl(value: string): SmtpEndpoint {
  const url = new URL(value);
  const implicitTls = url.protocol === 'smtps:';
  if (!implicitTls && url.protocol !== 'smtp:') throw new Error('use smtp://user:password@host:587 or smtps://user:password@host:465');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return {
    host,
    port: url.port ? Number(url.port) : implicitTls ? 465 : 587,
    implicitTls,
    ...(url.username ? { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) } : {}),
  };
}

/** A login may cross in clear only to this machine (a relay on loopback); anywhere else it needs TLS. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}
