/** Postgres SQLSTATE classes and codes that mean "the server cannot be used right now". */
const PG_UNAVAILABLE = /^(08|57P0[1-3]|53300)/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const NAMES = new Set(['KnexTimeoutError', 'MaxRetriesPerRequestError']);
const MESSAGES = [/Connection terminated/i, /Connection is closed/i, /Stream isn't writeable/i, /Command timed out/i, /Timeout acquiring a connection/i, /the database system is (starting up|shutting down)/i];

/**
 * Whether an error means a dependency (Postgres, Redis) is unreachable rather than that the
 * request is wrong: the error middleware answers those 503 with Retry-After, not 500.
 */
export function isDependencyOutage(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, name, message, errors, cause } = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code))) return true;
  if (typeof name === 'string' && NAMES.has(name)) return true;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDependencyOutage(inner, depth + 1))) return true;
  return isDependencyOutage(cause, depth + 1);
}
