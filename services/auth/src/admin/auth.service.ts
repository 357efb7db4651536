import { API_MESSAGES, type LoginHintResponse, type LoginResponse, type VerifyResponse } from '@coinmag/contracts';
import type { AuditSlice, AuditSliceQuery } from '@coinmag/contracts';
import { signAdminToken, UnauthorizedError, ValidationError, verifyAdminToken, type AuditRepository } from '@coinmag/service-kit';
import type { AdminRepository, AdminRow } from './admin.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import type { PasswordHasher } from './password-hasher.js';

export interface AuthServiceDeps {
  admins: AdminRepository;
  hasher: PasswordHasher;
  /** A hash of a random secret, checked when the username is unknown (see createDummyHash). */
  dummyHash: string;
  throttle: LoginThrottle;
  keys: { privateKey: string; publicKey: string };
  tokenTtlSeconds: number;
  defaultPassword: string;
  adminUsername: string;
  /** This service's audit log: sign-in (both outcomes), sign-out, password changes. */
  audit: AuditRepository;
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

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ admins, hasher, dummyHash, throttle, keys, tokenTtlSeconds, defaultPassword, adminUsername, audit }: AuthServiceDeps) {
  const issueToken = (admin: AdminRow) =>
    signAdminToken({ id: admin.id, username: admin.username, tokenVersion: admin.token_version }, keys.privateKey, tokenTtlSeconds);

  /** Checks the password against the account, or against the dummy hash when there is none. */
  const passwordMatches = async (admin: AdminRow | undefined, password: string) => {
    const matches = await hasher.verify(admin?.password_hash ?? dummyHash, password);
    return admin !== undefined && matches;
  };

  /** Signature, claims, and that the subject still exists with the same token version. */
  const authenticate = async (token: string): Promise<AdminRow> => {
    const principal = verifyAdminToken(token, keys.publicKey);
    const admin = await admins.findById(principal.id);
    if (!admin || admin.token_version !== principal.tokenVersion) throw new UnauthorizedError(API_MESSAGES.unauthorized);
    return admin;
  };

  return {
    async loginHint(): Promise<LoginHintResponse> {
      const admin = await admins.findByUsername(adminUsername);
      return { usingDefaultPassword: admin?.is_default_password ?? false };
    },

    async login({ username, password, ip, action }: LoginAttempt): Promise<LoginResponse> {
      const ticket = await throttle.begin(action, ip, username);
      const admin = await admins.findByUsername(username.toLowerCase());
      if (!(await passwordMatches(admin, password))) {
        // The name tried is kept (bounded), so a guessing run shows what it guessed.
        await audit.record({ action: 'auth.login_failed', actor: username, ip, summary: username });
        throw new UnauthorizedError(API_MESSAGES.loginFailed);
      }
      await ticket.succeeded();
      await audit.record({ action: 'auth.login', actor: admin!.username, ip, subjectId: admin!.id, summary: admin!.username });
      return { token: issueToken(admin!) };
    },

    /** The audit log's newest matching entries, for the admin only. */
    async auditSlice(token: string, query: AuditSliceQuery): Promise<AuditSlice> {
      await authenticate(token);
      return audit.slice(query);
    },

    async verify(token: string): Promise<VerifyResponse> {
      const admin = await authenticate(token);
      return { admin: { id: admin.id, username: admin.username }, usingDefaultPassword: admin.is_default_password };
    },

    /** Replaces the password and bumps the token version; returns a fresh token for this session. */
    async changePassword({ token, currentPassword, newPassword, ip, action }: PasswordChange): Promise<LoginResponse> {
      const admin = await authenticate(token);
      const ticket = await throttle.begin(action, ip, admin.username);
      if (!(await passwordMatches(admin, currentPassword))) throw new ValidationError('currentPassword', '目前密碼不正確');
      await ticket.succeeded();
      if (newPassword === currentPassword) throw new ValidationError('newPassword', '新密碼不能與目前密碼相同');
      if (newPassword === defaultPassword) throw new ValidationError('newPassword', '新密碼不能使用預設密碼');
      if (newPassword.toLowerCase() === admin.username.toLowerCase()) throw new ValidationError('newPassword', '新密碼不能與帳號相同');
      const updated = await admins.replacePassword(admin.id, await hasher.hash(newPassword), false);
      if (!updated) throw new UnauthorizedError(API_MESSAGES.unauthorized);
      await audit.record({ action: 'auth.password_change', actor: admin.username, ip, subjectId: admin.id, summary: admin.username });
      return { token: issueToken(updated) };
    },
  };
}
