import { randomBytes } from 'node:crypto';
import { WEBHOOK_LIMITS, type WebhookDelivery, type WebhookEndpoint, type WebhookInput } from '@coinmag/contracts';
import { ConflictError, NotFoundError, type AuditEntry } from '@coinmag/service-kit';
import type { OutboxRepository } from '../outbox/outbox.repository.js';
import type { EndpointRow, WebhooksRepository } from './webhooks.repository.js';

const NOT_FOUND = '找不到這個 Webhook';
/** How many deliveries the log shows per endpoint. */
export const DELIVERY_LOG_SIZE = 50;

const iso = (date: Date | string) => new Date(date).toISOString();

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: row.events, secret: row.secret, enabled: row.enabled, created_at: iso(row.created_at) };
}

/** The admin's webhook endpoints (docs/product.md §11): register, change, remove, test, and the delivery log. */
export class WebhooksService {
  constructor(
    private readonly endpoints: WebhooksRepository,
    private readonly outbox: OutboxRepository,
    /** Sends what was just written without waiting for the worker's next tick. */
    private readonly written: () => void = () => {},
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    return (await this.endpoints.list()).map(toEndpoint);
  }

  async create(input: WebhookInput, ip: string | null): Promise<WebhookEndpoint> {
    if ((await this.endpoints.count()) >= WEBHOOK_LIMITS.endpoints) throw new ConflictError(`最多可設定 ${WEBHOOK_LIMITS.endpoints} 個 Webhook`);
    const row = await this.endpoints.create(
      { url: input.url, events: [...new Set(input.events)], secret: input.secret ?? `whsec_${randomBytes(24).toString('base64url')}`, enabled: input.enabled },
      (id) => this.entry('webhook.create', id, input.url, ip),
    );
    return toEndpoint(row);
  }

  async update(id: number, input: WebhookInput, ip: string | null): Promise<WebhookEndpoint> {
    const existing = await this.endpoints.find(id);
    if (!existing) throw new NotFoundError(NOT_FOUND);
    const row = await this.endpoints.update(id, { url: input.url, events: [...new Set(input.events)], secret: input.secret ?? existing.secret, enabled: input.enabled }, this.entry('webhook.update', id, input.url, ip));
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toEndpoint(row);
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

  private entry(action: AuditEntry['action'], id: number, url: string, ip: string | null): AuditEntry {
    return { action, actor: 'admin', ip, subjectId: id, summary: url.slice(0, 200) };
  }
}
