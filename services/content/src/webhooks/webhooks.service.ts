import { randomBytes } from 'node:crypto';
import { auditedWebhookUrl, WEBHOOK_LIMITS, type WebhookDelivery, type WebhookEndpoint, type WebhookInput, type WebhookWithSecret } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import { type AuditEntry } from '@coinmag/audit';
import { outboundUrlProblem } from '../outbound/outbound-address.js';
import type { OutboxRepository } from '../outbox/outbox.repository.js';
import type { EndpointRow, WebhooksRepository } from './webhooks.repository.js';

const NOT_FOUND = '找不到這個 Webhook';
/** How many deliveries the log shows per endpoint. */
export const DELIVERY_LOG_SIZE = 50;

const iso = (date: Date | string) => new Date(date).toISOString();

/** An endpoint as lists and updates answer it: the secret is shown once, when made (withSecret). */
function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, enabled: row.enabled, created_at: iso(row.created_at) };
}

const withSecret = (row: EndpointRow): WebhookWithSecret => ({ ...toEndpoint(row), secret: row.secret });
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The admin's webhook endpoints (docs/product.md §11): register, change, remove, test, and the delivery log. */
export class WebhooksService {
  constructor(
    private readonly endpoints: WebhooksRepository,
    private readonly outbox: OutboxRepository,
    /** Sends what was just written without waiting for the worker's next tick. */
    private readonly written: () => void = () => {},
    private readonly clock: () => Date = () => new Date(),
    /** OUTBOUND_ALLOWED_HOSTS: the deliveries' rule for private addresses, applied when a URL is saved. */
    private readonly allowedHosts: readonly string[] = [],
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    return (await this.endpoints.list()).map(toEndpoint);
  }

  /** The only answer with the secret besides regenerateSecret's. */
  async create(input: WebhookInput, ip: string | null): Promise<WebhookWithSecret> {
    if ((await this.endpoints.count()) >= WEBHOOK_LIMITS.endpoints) throw new ConflictError(`最多可設定 ${WEBHOOK_LIMITS.endpoints} 個 Webhook`);
    await this.assertReachable(input.url);
    const row = await this.endpoints.create(
      { url: input.url, events: [...new Set(input.events)], secret: input.secret ?? newSecret(), enabled: input.enabled },
      (id) => this.entry('webhook.create', id, input.url, ip),
    );
    return withSecret(row);
  }

  async update(id: number, input: WebhookInput, ip: string | null): Promise<WebhookEndpoint> {
    const existing = await this.endpoints.find(id);
    if (!existing) throw new NotFoundError(NOT_FOUND);
    await this.assertReachable(input.url);
    const row = await this.endpoints.update(id, { url: input.url, events: [...new Set(input.events)], secret: input.secret ?? existing.secret, enabled: input.enabled }, this.entry('webhook.update', id, input.url, ip));
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toEndpoint(row);
  }

  /** A new server-made secret (the old one stops signing at once), shown this once. */
  async regenerateSecret(id: number, ip: string | null): Promise<WebhookWithSecret> {
    const existing = await this.endpoints.find(id);
    if (!existing) throw new NotFoundError(NOT_FOUND);
    const row = await this.endpoints.update(id, { url: existing.url, events: existing.events, secret: newSecret(), enabled: existing.enabled }, this.entry('webhook.secret', id, existing.url, ip));
    if (!row) throw new NotFoundError(NOT_FOUND);
    return withSecret(row);
  }

  async delete(id: number, ip: string | null): Promise<void> {
    const removed = await this.endpoints.delete(id, (row) => this.entry('webhook.delete', id, row.url, ip));
    if (!removed) throw new NotFoundError(NOT_FOUND);
  }

  /** 「傳送測試」: one `webhook.test` delivery to this endpoint, whatever its events. */
  async sendTest(id: number): Promise<void> {
    const written = await this.outbox.enqueueWebhooks(this.endpoints.db, this.clock(), 'webhook.test', {}, id);
    if (written === 0) throw new NotFoundError(NOT_FOUND);
    this.written();
  }

  async deliveries(id: number): Promise<WebhookDelivery[]> {
    if (!(await this.endpoints.find(id))) throw new NotFoundError(NOT_FOUND);
    return (await this.endpoints.deliveries(id, DELIVERY_LOG_SIZE)).map((row) => ({
      id: row.id,
      event: row.event,
      status: row.status,
      created_at: iso(row.created_at),
      next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
      attempts: row.attempts.map((attempt) => ({ ...attempt, at: iso(attempt.at) })),
    }));
  }

  /** The deliveries' address rules (outbound-address.ts), asked when the URL is saved: a 400 naming `url`. */
  private async assertReachable(url: string): Promise<void> {
    const problem = await outboundUrlProblem(url, this.allowedHosts);
    if (problem) throw new ValidationError('url', `無法使用這個網址：${problem}`);
  }

  /** The audit log keeps the URL without its query string (it may carry the receiver's token). */
  private entry(action: AuditEntry['action'], id: number, url: string, ip: string | null): AuditEntry {
    return { action, actor: 'admin', ip, subjectId: id, summary: auditedWebhookUrl(url) };
  }
}
