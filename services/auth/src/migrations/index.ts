import type { NamedMigration } from '@coinmag/service-kit/database';
import { createAdmins } from './20260101130000_create_admins.js';
import { createAuditEvents } from './20261122203500_create_audit_events.js';
import { createSessions } from './20261122203800_create_sessions.js';

/** In order; append, never edit a migration that has shipped. */
export const AUTH_MIGRATIONS: NamedMigration[] = [createAdmins, createAuditEvents, createSessions];
