// Where the stand-in containers listen (inside their network), and how a service is pointed at them.
export const PRICE_PROVIDER_PORT = 8090;
export const SMTP_SINK_PORT = 2525;
/** The sink's `GET /messages`: what arrived, [{ to, raw (base64) }]. */
export const SMTP_SINK_HTTP_PORT = 8025;

/** The markets service's provider settings for the price stand-in reachable as `host`. */
export function providerSettings(host: string): Record<string, string> {
  return { MARKETS_COINGECKO_URL: `http://${host}:${PRICE_PROVIDER_PORT}/api/v3`, MARKETS_MAX_URL: `http://${host}:${PRICE_PROVIDER_PORT}` };
}

/** The newsletter service's relay setting for the SMTP sink reachable as `host`. */
export function smtpSettings(host: string): Record<string, string> {
  return { NEWSLETTER_SMTP_URL: `smtp://${host}:${SMTP_SINK_PORT}` };
}
