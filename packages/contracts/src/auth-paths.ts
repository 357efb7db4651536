/**
 * The auth service's public calls, in one table: the auth service routes them, the gateway's
 * admin guard answers sign-in, renewal and sign-out itself and sends the rest there, and
 * services confirm tokens at `verify`.
 */
export const AUTH_PATHS = {
  /** POST: user name and password → a token (and, through the gateway, the session cookie). */
  login: '/api/admin/login',
  /** GET: is this token still current (not revoked by a password change or a sign-out)? */
  verify: '/api/admin/verify',
  /** POST: a fresh token for the session (silent renewal while the admin is active). */
  session: '/api/admin/session',
  /** POST: ends the session server-side. */
  logout: '/api/admin/logout',
  /** PUT: the admin's new password; every other session ends. */
  password: '/api/admin/password',
} as const;
