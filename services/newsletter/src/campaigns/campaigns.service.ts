import type { Knex } from 'knex';
import type { CampaignArticle, CampaignEdit, CampaignState, CampaignView } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError, type Logger } from '@coinmag/service-kit';
import type { ContentClient } from './content-client.js';

interface CampaignRecord {
  id: string;
  kind: 'digest' | 'article';
  state: CampaignState;
  subject: string;
  intro: string;
  articles: CampaignArticle[];
  category_id: number | null;
  article_id: number | null;
  article_slug: string | null;
  scheduled_at: Date | null;
  started_at: Date | null;
  finished_at: Date | null;
  total: number;
  created_at: Date;
}

const DIGEST_SIZE = 6;
/** An article campaign waits this long for its article to become public, then is dropped. */
const WAITING_LIMIT_MS = 60 * 86_400_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function taipeiDate(at: Date): string {
  return new Intl.DateTimeFormat('zh-TW', { timeZone: 'Asia/Taipei', month: 'numeric', day: 'numeric' }).format(at);
}

const TAIPEI_OFFSET_MS = 8 * 3_600_000;

/** The Monday (Taipei) starting the week `at` falls in, as 2026-11-23: the weekly draft's key. */
export function taipeiWeekStart(at: Date): string {
  const local = new Date(at.getTime() + TAIPEI_OFFSET_MS);
  const daysSinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - daysSinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** 電子報: drafts, the digest, test sends, sending now or later, progress; queues the outbox. */
export class CampaignsService {
  constructor(
    private readonly db: Knex,
    private readonly content: ContentClient,
    private readonly queued: () => void,
    private readonly log: Logger,
  ) {}

  private async progress(ids: number[]): Promise<Map<number, { sent: number; failed: number; pending: number }>> {
    const rows = ids.length === 0
      ? []
      : await this.db('deliveries').whereIn('campaign_id', ids).where({ kind: 'campaign' }).groupBy('campaign_id', 'status').select('campaign_id', 'status').count<Array<{ campaign_id: string; status: string; count: string }>>('* as count');
    const out = new Map<number, { sent: number; failed: number; pending: number }>();
    for (const row of rows) {
      const entry = out.get(Number(row.campaign_id)) ?? { sent: 0, failed: 0, pending: 0 };
      if (row.status === 'sent') entry.sent += Number(row.count);
      else if (row.status === 'failed') entry.failed += Number(row.count);
      else if (row.status === 'pending') entry.pending += Number(row.count);
      out.set(Number(row.campaign_id), entry);
    }
    return out;
  }

  private view(record: CampaignRecord, progress = { sent: 0, failed: 0, pending: 0 }): CampaignView {
    return {
      id: Number(record.id),
      kind: record.kind,
      state: record.state,
      subject: record.subject,
      intro: record.intro,
      articles: record.articles,
      categoryId: record.category_id,
      articleId: record.article_id,
      scheduledAt: iso(record.scheduled_at),
      startedAt: iso(record.started_at),
      finishedAt: iso(record.finished_at),
      createdAt: record.created_at.toISOString(),
      total: record.total,
      ...progress,
    };
  }

  async list(): Promise<CampaignView[]> {
    const records = await this.db<CampaignRecord>('campaigns').orderBy('id', 'desc').limit(100);
    const progress = await this.progress(records.map((record) => Number(record.id)));
    return records.map((record) => this.view(record, progress.get(Number(record.id))));
  }

  private async record(id: number, trx: Knex | Knex.Transaction = this.db): Promise<CampaignRecord> {
    const record = await trx<CampaignRecord>('campaigns').where('id', id).first();
    if (!record) throw new NotFoundError('找不到這份電子報');
    return record;
  }

  async get(id: number): Promise<CampaignView> {
    const record = await this.record(id);
    return this.view(record, (await this.progress([id])).get(id));
  }

  /** The weekly digest, drafted from what readers read most lately, for the admin to edit. */
  async draftDigest(now = new Date()): Promise<CampaignView> {
    const popular = await this.content.popular(DIGEST_SIZE);
    const [created] = await this.db('campaigns').insert(this.digestDraft(popular, now)).returning('id');
    return this.get(Number((created as { id: string }).id));
  }

  private digestDraft(popular: Awaited<ReturnType<ContentClient['popular']>>, now: Date) {
    const weekAgo = new Date(now.getTime() - 6 * 86_400_000);
    return {
      kind: 'digest',
      subject: `每週精選｜${taipeiDate(weekAgo)}－${taipeiDate(now)}`,
      intro: '本週最多人讀的文章，幫你整理好了。',
      articles: JSON.stringify(popular.map((article) => this.content.toCampaignArticle(article))),
    };
  }

  /**
   * The week's digest drafted without anyone asking, once per week (Monday to Sunday, Taipei):
   * the first send pass of a week finds none and drafts it; the unique key keeps it to one
   * whatever the replicas. Nothing is sent: it waits in 電子報 for the admin to edit and send.
   * Without published articles (or without the content service) it is tried again later.
   */
  async draftWeeklyDigest(now = new Date()): Promise<CampaignView | undefined> {
    const uniqueKey = `digest:${taipeiWeekStart(now)}`;
    if (await this.db('campaigns').where({ unique_key: uniqueKey }).first('id')) return undefined;
    const popular = await this.content.popular(DIGEST_SIZE);
    if (popular.length === 0) return undefined;
    const [created] = await this.db('campaigns')
      .insert({ ...this.digestDraft(popular, now), unique_key: uniqueKey })
      .onConflict('unique_key')
      .ignore()
      .returning('id');
    return created ? this.get(Number((created as { id: string }).id)) : undefined;
  }

  async edit(id: number, edit: CampaignEdit): Promise<CampaignView> {
    const updated = await this.db('campaigns')
      .where({ id })
      .whereIn('state', ['draft', 'scheduled'])
      .update({ subject: edit.subject, intro: edit.intro, articles: JSON.stringify(edit.articles), updated_at: this.db.fn.now() });
    if (updated === 0) {
      await this.record(id);
      throw new ConflictError('已開始寄送的電子報不能再修改');
    }
    return this.get(id);
  }

  /** A copy to the admin's own address, marked [測試]; subscribers get nothing. */
  async sendTest(id: number, email: string): Promise<void> {
    await this.record(id);
    await this.db('deliveries').insert({ kind: 'test', priority: 0, campaign_id: id, test_address: email });
    this.queued();
  }

  /** Now, or at a time to come (then the sender queues it when the time comes). */
  async send(id: number, at?: Date): Promise<CampaignView> {
    await this.db.transaction(async (trx) => {
      const record = await trx<CampaignRecord>('campaigns').where('id', id).forUpdate().first();
      if (!record) throw new NotFoundError('找不到這份電子報');
      if (record.state !== 'draft' && record.state !== 'scheduled') throw new ConflictError('這份電子報已寄出或正在寄送');
      if (record.articles.length === 0 && record.intro.trim() === '') throw new ValidationError('articles', '電子報沒有內容');
      if (at && at.getTime() > Date.now()) {
        await trx('campaigns').where({ id }).update({ state: 'scheduled', scheduled_at: at, updated_at: trx.fn.now() });
        return;
      }
      await this.enqueue(trx, record);
    });
    this.queued();
    return this.get(id);
  }

  async cancel(id: number): Promise<CampaignView> {
    await this.db.transaction(async (trx) => {
      const record = await trx<CampaignRecord>('campaigns').where('id', id).forUpdate().first();
      if (!record) throw new NotFoundError('找不到這份電子報');
      if (record.state === 'sent' || record.state === 'cancelled') throw new ConflictError('這份電子報已經結束');
      await trx('campaigns').where({ id }).update({ state: 'cancelled', finished_at: trx.fn.now(), updated_at: trx.fn.now() });
      await trx('deliveries').where({ campaign_id: id, status: 'pending' }).update({ status: 'cancelled', last_error: 'campaign cancelled' });
    });
    return this.get(id);
  }

  /**
   * One delivery per confirmed subscriber of the audience, in one statement (the unique key makes
   * a second queueing add nothing), and the campaign is sending.
   */
  private async enqueue(trx: Knex.Transaction, record: CampaignRecord): Promise<void> {
    const audience = record.kind === 'digest' ? 'digest' : '? = any(category_ids)';
    await trx.raw(
      `insert into deliveries (kind, priority, campaign_id, subscriber_id)
       select 'campaign', 1, ?, id from subscribers where status = 'confirmed' and ${audience} order by id
       on conflict (campaign_id, subscriber_id) where campaign_id is not null and subscriber_id is not null do nothing`,
      record.kind === 'digest' ? [record.id] : [record.id, record.category_id ?? 0],
    );
    const [{ count } = { count: '0' }] = await trx('deliveries').where({ campaign_id: record.id, kind: 'campaign' }).count<Array<{ count: string }>>('* as count');
    // An audience of no one is done at once (no send pass would ever finish it).
    const done = Number(count) === 0 ? { state: 'sent', finished_at: trx.fn.now() } : { state: 'sending' };
    await trx('campaigns').where({ id: record.id }).update({ ...done, started_at: trx.fn.now(), total: Number(count), updated_at: trx.fn.now() });
  }

  /** The article form's 發布時寄送電子報: a campaign that waits for the article to be public, once per article. */
  async forArticle(articleId: number, slug: string): Promise<CampaignView> {
    await this.db.raw(
      `insert into campaigns (kind, unique_key, state, subject, article_id, article_slug) values ('article', ?, 'waiting', '', ?, ?)
       on conflict (unique_key) do update set article_slug = case when campaigns.state = 'waiting' then excluded.article_slug else campaigns.article_slug end`,
      [`article:${articleId}`, articleId, slug],
    );
    const record = await this.db<CampaignRecord>('campaigns').where('unique_key', `article:${articleId}`).first();
    this.queued();
    return this.get(Number(record!.id));
  }

  /** Before each send pass: scheduled campaigns whose time came, and waiting articles now public, are queued. */
  async queueDue(): Promise<void> {
    const due = await this.db<CampaignRecord>('campaigns').where({ state: 'scheduled' }).where('scheduled_at', '<=', this.db.fn.now()).select('id');
    for (const { id } of due) {
      await this.db.transaction(async (trx) => {
        const record = await trx<CampaignRecord>('campaigns').where({ id, state: 'scheduled' }).forUpdate().first();
        if (record) await this.enqueue(trx, record);
      });
    }
    const waiting = await this.db<CampaignRecord>('campaigns').where({ state: 'waiting' }).orderBy('id').limit(20);
    for (const record of waiting) {
      if (Date.now() - record.created_at.getTime() > WAITING_LIMIT_MS) {
        await this.db('campaigns').where({ id: record.id, state: 'waiting' }).update({ state: 'cancelled', finished_at: this.db.fn.now() });
        continue;
      }
      let article;
      try {
        article = await this.content.article(record.article_slug ?? '');
      } catch (err) {
        this.log.warn({ err, campaign: Number(record.id) }, 'content unreachable: the article campaign waits');
        return;
      }
      if (!article || article.id !== record.article_id || !article.published_at || Date.parse(article.published_at) > Date.now()) continue;
      await this.db.transaction(async (trx) => {
        const locked = await trx<CampaignRecord>('campaigns').where({ id: record.id, state: 'waiting' }).forUpdate().first();
        if (!locked) return;
        const filled = { subject: article.title.slice(0, 200), intro: '', articles: JSON.stringify([this.content.toCampaignArticle(article)]), category_id: article.category_id };
        await trx('campaigns').where({ id: record.id }).update(filled);
        await this.enqueue(trx, { ...locked, ...filled, articles: [], category_id: article.category_id });
      });
    }
  }
}
