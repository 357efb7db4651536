import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { API_MESSAGES, type LoginHintResponse, type LoginResponse, type VerifyResponse } from '@coinmag/contracts';
import type { AuditSlice, AuditSliceQuery } from '@coinmag/contracts';
import { signAdminToken, TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER, UnauthorizedError, ValidationError, verifyAdminToken, type AdminPrincipal } from '@coinmag/service-kit';
import { type AuditRepository } from '@coinmag/audit';
import type { SigningKeys } from '../signing-keys.js';
import type { AdminRepository, AdminRow } from './admin.repository.js';
import type { SessionRepository, SessionRow } from './session.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordHasher } from './password-hasher.js';

/** The figures and fixed names the sign-in rules work with. */
export interface AuthPolicy {
  /** A hash of a random secret, checked when the username is unknown (see createDummyHash). */
  dummyHash: string;
  /** One token's life; renewing while the admin is active gives another, up to the session's limit. */
  tokenTtlSeconds: number;
  /** The absolute limit of a sign-in session, renewals included. */
  sessionMaxAgeSeconds: number;
  defaultPassword: string;
  adminUsername: string;
  now?: () => number;
}

export interface LoginAttempt {
  username: string;
  password: string;
  ip: string;
  /** The route pattern the limits are counted under. */
  action: string;
}

export interface PasswordChange {
  token: string;
  currentPassword: string;
  newPassword: string;
  ip: string;
  action: string;
}

interface Authenticated {
  admin: AdminRow;
  principal: AdminPrincipal;
  session?: SessionRow;
}

/** The sign-in rules: throttled password checks, sessions with an absolute limit, revocable tokens. */
export class AuthService {
  private readonly now: () => number;

  constructor(
    private readonly admins: AdminRepository,
    private readonly sessions: SessionRepository,
    /** This service's audit log: sign-in (both outcomes), sign-out, password changes. */
    private readonly audit: AuditRepository,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottle,
    private readonly keys: SigningKeys,
    private readonly policy: AuthPolicy,
  ) {
    this.now = policy.now ?? Date.now;
  }

  async loginHint(): Promise<LoginHintResponse> {
    const admin = await this.admins.findByUsername(this.policy.adminUsername);
    return { usingDefaultPassword: admin?.is_default_password ?? false };
  }

  async login({ username, password, ip, action }: LoginAttempt): Promise<LoginResponse> {
    const ticket = await this.throttle.begin(action, ip, username);
    const admin = await this.admins.findByUsername(username.toLowerCase());
    if (!(await this.passwordMatches(admin, password))) {
      // The name tried is kept (bounded), so a guessing run shows what it guessed.
      await this.audit.record({ action: 'auth.login_failed', actor: username, ip, summary: username });
      throw new UnauthorizedError(API_MESSAGES.loginFailed);
    }
    await ticket.succeeded();
    await this.audit.record({ action: 'auth.login', actor: admin!.username, ip, subjectId: admin!.id, summary: admin!.username });
    return this.issueToken(admin!, await this.startSession(admin!));
  }

  /** The audit log's newest matching entries, for the admin only. */
  async auditSlice(token: string, query: AuditSliceQuery): Promise<AuditSlice> {
    await this.authenticate(token);
    return this.audit.slice(query);
  }

  async verify(token: string): Promise<VerifyResponse> {
    const { admin, session } = await this.authenticate(token);
    const expiresAt = expiryOf(token);
    return {
      admin: { id: admin.id, username: admin.username },
      usingDefaultPassword: admin.is_default_password,
      expiresAt,
      sessionExpiresAt: session ? session.expires_at.toISOString() : expiresAt,
    };
  }

  /** A fresh token for a session still in use; a session past its limit or ended gets 401. */
  async renew(token: string): Promise<LoginResponse> {
    const { admin, session } = await this.authenticate(token);
    if (!session) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    await this.sessions.markRenewed(session.id);
    return this.issueToken(admin, session);
  }

  /** Ends the token's session (every token of it stops working); a token that is not ours changes nothing. */
  async logout(token: string | undefined, ip: string): Promise<void> {
    if (!token) return;
    let claims: jwt.JwtPayload;
    try {
      // An expired token may still end its session: the admin clicked log out.
      claims = jwt.verify(token, this.keys.publicKey, { algorithms: [TOKEN_ALGORITHM], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, ignoreExpiration: true }) as jwt.JwtPayload;
    } catch {
      return;
    }
    if (typeof claims.sid !== 'string') return;
    await this.sessions.end(claims.sid);
    const username = typeof claims.username === 'string' ? claims.username : '';
    await this.audit.record({ action: 'auth.logout', actor: username, ip, subjectId: Number(claims.sub) || undefined, summary: username });
  }

  /** Replaces the password and bumps the token version; returns a fresh token for this session. */
  async changePassword({ token, currentPassword, newPassword, ip, action }: PasswordChange): Promise<LoginResponse> {
    const { admin, session: current } = await this.authenticate(token);
    const ticket = await this.throttle.begin(action, ip, admin.username);
    if (!(await this.passwordMatches(admin, currentPassword))) throw new ValidationError('currentPassword', '目前密碼不正確');
    await ticket.succeeded();
    if (newPassword === currentPassword) throw new ValidationError('newPassword', '新密碼不能與目前密碼相同');
    if (newPassword === this.policy.defaultPassword) throw new ValidationError('newPassword', '新密碼不能使用預設密碼');
    if (newPassword.toLowerCase() === admin.username.toLowerCase()) throw new ValidationError('newPassword', '新密碼不能與帳號相同');
    const updated = await this.admins.replacePassword(admin.id, await this.hasher.hash(newPassword), false);
    if (!updated) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    await this.audit.record({ action: 'auth.password_change', actor: admin.username, ip, subjectId: admin.id, summary: admin.username });
    // Every other token is void now (version bumped); this sign-in goes on with a fresh one.
    return this.issueToken(updated, current ?? (await this.startSession(updated)));
  }

  /** A token for the session, living tokenTtlSeconds but never past the session's limit. */
  private issueToken(admin: AdminRow, session: Pick<SessionRow, 'id' | 'expires_at'>): LoginResponse {
    const time = this.now();
    const sessionEnd = session.expires_at.getTime();
    const ttl = Math.max(1, Math.min(this.policy.tokenTtlSeconds, Math.floor((sessionEnd - time) / 1000)));
    const token = signAdminToken({ id: admin.id, username: admin.username, tokenVersion: admin.token_version, sessionId: session.id }, this.keys.privateKey, ttl, time);
    return { token, expiresAt: new Date(Math.floor(time / 1000) * 1000 + ttl * 1000).toISOString(), sessionExpiresAt: session.expires_at.toISOString() };
  }

  private async startSession(admin: AdminRow): Promise<Pick<SessionRow, 'id' | 'expires_at'>> {
    await this.sessions.pruneExpired().catch(() => 0);
    const session = { id: randomBytes(24).toString('base64url'), expires_at: new Date(this.now() + this.policy.sessionMaxAgeSeconds * 1000) };
    await this.sessions.create({ id: session.id, adminId: admin.id, expiresAt: session.expires_at });
    return session;
  }

  /** Checks the password against the account, or against the dummy hash when there is none. */
  private async passwordMatches(admin: AdminRow | undefined, password: string): Promise<boolean> {
    const matches = await this.hasher.verify(admin?.password_hash ?? this.policy.dummyHash, password);
    return admin !== undefined && matches;
  }

  /**
   * Signature, claims, that the subject still exists with the same token version, and that the
   * token's session (every token from a sign-in has one) has not ended.
   */
  private async authenticate(token: string): Promise<Authenticated> {
    const principal = verifyAdminToken(token, this.keys.publicKey, this.now());
    const admin = await this.admins.findById(principal.id);
    if (!admin || admin.token_version !== principal.tokenVersion) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    if (!principal.sessionId) return { admin, principal };
    const session = await this.sessions.findActive(principal.sessionId);
    if (!session || session.admin_id !== admin.id) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    return { admin, principal, session };
  }
}

function expiryOf(token: string): string {
  return new Date(((jwt.decode(token) as jwt.JwtPayload | null)?.exp ?? 0) * 1000).toISOString();
}
