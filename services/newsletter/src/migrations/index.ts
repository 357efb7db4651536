import type { NamedMigration } from '@coinmag/service-kit/database';
import { createNewsletter } from './20261127070000_create_newsletter.js';

/** In order; append, never edit a migration that has shipped. */
export const NEWSLETTER_MIGRATIONS: NamedMigration[] = [createNewsletter];
