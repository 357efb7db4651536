import {
  GLOSSARY_ARTICLES_PAGE_SIZE,
  GLOSSARY_LIMITS,
  type AdminGlossaryTerm,
  type GlossaryImportReport,
  type GlossaryIndex,
  type GlossaryLinkPreview,
  type GlossaryStatus,
  type GlossaryTermInput,
  type GlossaryTermPage,
  type GlossaryTermSummary,
} from '@coinmag/contracts';
import type { Knex } from 'knex';
import { isSlugParam, normalizeSlug, pageCount, slugFromTitle } from '@coinmag/rules';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import { type AuditEntry, type AuditRepository } from '@coinmag/audit';
import { sanitizeArticleHtml } from '../articles/article-html.js';
import { parseGlossaryCsv } from './glossary-csv.js';
import { spellingKey } from './glossary-matcher.js';
import type { GlossaryLinks } from './glossary-links.js';
import { groupTerms } from './glossary-order.js';
import { cleanDefinition, cleanSpellings, searchTextPattern, spellingTakenMessage } from './glossary-rules.js';
import { isSimplifiedSpelling } from './simplified-spelling.js';
import type { GlossaryRepository, GlossaryTermRow, GlossaryTermWrite } from './glossary.repository.js';

const TERM_NOT_FOUND = '術語不存在';
const PG_UNIQUE_VIOLATION = '23505';

const summary = (row: GlossaryTermRow): GlossaryTermSummary => ({ slug: row.slug, name: row.name, aliases: row.aliases ?? [], definition: row.definition });
/**
 * What public pages show of a term: the site is written in Traditional Chinese, so an alias
 * written in Simplified (冷钱包) is matched in article bodies but never shown (docs/product.md §3
 * Glossary); the back office sees and edits every alias.
 */
const publicSummary = (row: GlossaryTermRow): GlossaryTermSummary => ({ ...summary(row), aliases: (row.aliases ?? []).filter((alias) => !isSimplifiedSpelling(alias)) });

function statusOf(value: string): GlossaryStatus {
  return value === 'published' ? 'published' : 'draft';
}

/** The glossary's rules: spellings unique across terms, bounded fields, all-or-nothing imports, cache invalidation. */
export class GlossaryService {
  constructor(
    private readonly glossary: GlossaryRepository,
    private readonly links: GlossaryLinks,
    /** Told of every write: caches of glossary pages and article bodies are dropped. */
    private readonly onChange: () => Promise<void> = async () => {},
    private readonly clock: () => Date = () => new Date(),
    /** The activity log: every write's entry is recorded in the write's own transaction. */
    private readonly audit?: AuditRepository,
  ) {}

  private async log(trx: Knex.Transaction, entry: Omit<AuditEntry, 'actor'>): Promise<void> {
    await this.audit?.record({ actor: 'admin', ...entry }, trx);
  }

  async publicIndex(): Promise<GlossaryIndex> {
    const rows = await this.glossary.list({ publishedOnly: true });
    return { groups: groupTerms(rows.map(publicSummary)), total: rows.length };
  }

  async publicTerm(slug: string, page: number): Promise<GlossaryTermPage> {
    const row = await this.glossary.findBySlug(slug);
    if (!row || row.status !== 'published') throw new NotFoundError(TERM_NOT_FOUND);
    const related = await this.glossary.related(row.id, true);
    const patterns = [row.name, ...(row.aliases ?? [])].map(searchTextPattern);
    const { rows, total } = await this.glossary.articlesMatching(patterns, this.clock(), GLOSSARY_ARTICLES_PAGE_SIZE, (page - 1) * GLOSSARY_ARTICLES_PAGE_SIZE);
    return {
      ...publicSummary(row),
      explanation: row.explanation,
      updated_at: row.updated_at.toISOString(),
      related: related.map(publicSummary),
      articles: rows.map((article) => ({
        slug: article.slug,
        title: article.title,
        excerpt: article.excerpt || article.content_text,
        published_at: article.published_at ? article.published_at.toISOString() : null,
        category_name: article.category_name,
      })),
      pagination: { page, pages: pageCount(total, GLOSSARY_ARTICLES_PAGE_SIZE), total },
    };
  }

  async list(search?: string): Promise<AdminGlossaryTerm[]> {
    const rows = await this.glossary.list({ search: search?.trim().slice(0, 40) || undefined });
    const related = await this.glossary.relatedOf(rows.map((row) => row.id));
    return rows.map((row) => this.adminTerm(row, related.get(row.id) ?? []));
  }

  async get(id: number): Promise<AdminGlossaryTerm> {
    const row = await this.glossary.findById(id);
    if (!row) throw new NotFoundError(TERM_NOT_FOUND);
    return this.toAdmin(row);
  }

  private async toAdmin(row: GlossaryTermRow): Promise<AdminGlossaryTerm> {
    const related = await this.glossary.related(row.id, false);
    return this.adminTerm(row, related.map((r) => ({ id: r.id, name: r.name })));
  }

  private adminTerm(row: GlossaryTermRow, related: Array<{ id: number; name: string }>): AdminGlossaryTerm {
    return { id: row.id, ...summary(row), explanation: row.explanation, status: statusOf(row.status), related, updated_at: row.updated_at.toISOString() };
  }

  /** A term as it will be stored, or the refusal: bounds, spellings no other term has, a free slug, related terms that exist. */
  private async prepare(input: GlossaryTermInput, exceptId?: number): Promise<GlossaryTermWrite> {
    const { name, aliases } = cleanSpellings(input.name, input.aliases);
    const definition = cleanDefinition(input.definition);
    const explanation = input.explanation.trim() ? sanitizeArticleHtml(input.explanation) : '';
    const slug = normalizeSlug(input.slug) || slugFromTitle(name);
    if (!slug || !isSlugParam(slug) || slug.length > GLOSSARY_LIMITS.slug) throw new ValidationError('slug', '網址代稱格式不正確');
    if (await this.glossary.slugTaken(slug, exceptId)) throw new ConflictError(`網址代稱「${slug}」已被其他術語使用`, 'slug');
    await this.assertSpellingsFree([name, ...aliases], exceptId);
    const related = [...new Set(input.related_ids)].filter((id) => id !== exceptId);
    const existing = await this.glossary.existingIds(related);
    if (existing.length !== related.length) throw new ValidationError('related_ids', '相關術語不存在');
    return { slug, name, definition, explanation, status: input.status, aliases, related_ids: related };
  }

  private async assertSpellingsFree(spellings: string[], exceptId?: number): Promise<void> {
    const owners = await this.glossary.owners(spellings.map(spellingKey));
    for (const spelling of spellings) {
      const owner = owners.find((entry) => entry.key === spellingKey(spelling) && entry.term_id !== exceptId);
      if (owner) throw new ConflictError(spellingTakenMessage(spelling, owner), spelling === spellings[0] ? 'name' : 'aliases');
    }
  }

  /** A race between two saves claiming one spelling or slug: the database's unique key refuses the second. */
  private async written<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) throw new ConflictError('名稱、別名或網址代稱已被其他術語使用，請重新整理後再試');
      throw err;
    }
  }

  async create(input: GlossaryTermInput, ip: string | null = null): Promise<AdminGlossaryTerm> {
    const term = await this.prepare(input);
    const id = await this.written(() => this.glossary.transaction(async (trx) => {
      const created = await this.glossary.insert(trx, term, spellingKey);
      await this.glossary.bumpRevision(trx);
      await this.log(trx, { action: 'glossary.create', ip, subjectId: created, summary: term.name });
      return created;
    }));
    await this.onChange();
    return this.get(id);
  }

  async update(id: number, input: GlossaryTermInput, ip: string | null = null): Promise<AdminGlossaryTerm> {
    if (!(await this.glossary.findById(id))) throw new NotFoundError(TERM_NOT_FOUND);
    const term = await this.prepare(input, id);
    const updated = await this.written(() => this.glossary.transaction(async (trx) => {
      const done = await this.glossary.update(trx, id, term, spellingKey);
      if (done) {
        await this.glossary.bumpRevision(trx);
        await this.log(trx, { action: 'glossary.update', ip, subjectId: id, summary: term.name });
      }
      return done;
    }));
    if (!updated) throw new NotFoundError(TERM_NOT_FOUND);
    await this.onChange();
    return this.get(id);
  }

  async delete(id: number, ip: string | null = null): Promise<void> {
    const existing = await this.glossary.findById(id);
    const deleted = await this.glossary.transaction(async (trx) => {
      const done = await this.glossary.delete(trx, id);
      if (done) {
        await this.glossary.bumpRevision(trx);
        await this.log(trx, { action: 'glossary.delete', ip, subjectId: id, summary: existing?.name ?? '' });
      }
      return done;
    });
    if (!deleted) throw new NotFoundError(TERM_NOT_FOUND);
    await this.onChange();
  }

  async settings(): Promise<{ max_links: number }> {
    const { max_links } = await this.glossary.settings();
    return { max_links };
  }

  async setSettings(maxLinks: number, ip: string | null = null): Promise<{ max_links: number }> {
    await this.glossary.transaction(async (trx) => {
      await this.glossary.setMaxLinks(trx, maxLinks);
      await this.log(trx, { action: 'glossary.settings', ip, summary: `每篇最多 ${maxLinks} 個連結` });
    });
    await this.onChange();
    return { max_links: maxLinks };
  }

  /** Which terms a body (the form's, as typed) would link, in order, with the article's limit. */
  async linkPreview(html: string): Promise<GlossaryLinkPreview> {
    const { matcher, maxLinks } = await this.links.current();
    return { terms: matcher.link(html, maxLinks).linked, max_links: maxLinks };
  }

  /**
   * The CSV import: each line's term is added (a new name) or changed (the aliases and definition of
   * the term of that name); a line that breaks a rule, or claims a spelling another term or another
   * line has, is refused with its number. `apply` writes only when no line is refused, all in one
   * transaction; otherwise nothing is written.
   */
  async import(csv: string, apply: boolean, ip: string | null = null): Promise<GlossaryImportReport> {
    const parsed = parseGlossaryCsv(csv, GLOSSARY_LIMITS.csvRows);
    const report: GlossaryImportReport = { applied: false, added: [], changed: [], unchanged: 0, refused: [...parsed.refused] };
    const existing = await this.glossary.list();
    const byNameKey = new Map(existing.map((row) => [spellingKey(row.name), row]));
    const claimed = new Map<string, string>();
    const writes: Array<{ id?: number; term: GlossaryTermWrite; line: number }> = [];
    const usedSlugs = new Set<string>();
    for (const row of parsed.rows) {
      try {
        const { name, aliases } = cleanSpellings(row.name, row.aliases);
        const definition = cleanDefinition(row.definition);
        const current = byNameKey.get(spellingKey(name));
        const spellings = [name, ...aliases];
        for (const spelling of spellings) {
          const other = claimed.get(spellingKey(spelling));
          if (other) throw new ValidationError('aliases', `「${spelling}」已是「${other}」的${other === spelling ? '名稱' : '別名'}（同一個檔案內）`);
        }
        const owners = await this.glossary.owners(spellings.map(spellingKey));
        for (const spelling of spellings) {
          const owner = owners.find((entry) => entry.key === spellingKey(spelling) && entry.term_id !== current?.id);
          if (owner) throw new ValidationError('aliases', spellingTakenMessage(spelling, owner));
        }
        for (const spelling of spellings) claimed.set(spellingKey(spelling), name);
        if (current) {
          const same = current.definition === definition && (current.aliases ?? []).join('\n') === aliases.join('\n');
          if (same) {
            report.unchanged += 1;
            continue;
          }
          const related = (await this.glossary.related(current.id, false)).map((r) => r.id);
          writes.push({ id: current.id, line: row.line, term: { slug: current.slug, name: current.name, definition, explanation: current.explanation, status: current.status, aliases, related_ids: related } });
          report.changed.push({ line: row.line, name });
        } else {
          const base = slugFromTitle(name) || 'term';
          let slug = base;
          for (let n = 2; usedSlugs.has(slug) || (await this.glossary.slugTaken(slug, undefined)); n += 1) slug = `${base}-${n}`;
          usedSlugs.add(slug);
          writes.push({ line: row.line, term: { slug, name, definition, explanation: '', status: 'published', aliases, related_ids: [] } });
          report.added.push({ line: row.line, name });
        }
      } catch (err) {
        if (!(err instanceof ValidationError || err instanceof ConflictError)) throw err;
        report.refused.push({ line: row.line, message: err.message });
      }
    }
    report.refused.sort((a, b) => a.line - b.line);
    if (!apply || report.refused.length > 0 || writes.length === 0) return report;
    await this.written(() => this.glossary.transaction(async (trx) => {
      for (const write of writes) if (write.id !== undefined) await this.glossary.update(trx, write.id, write.term, spellingKey);
      for (const write of writes) if (write.id === undefined) await this.glossary.insert(trx, write.term, spellingKey);
      await this.glossary.bumpRevision(trx);
      await this.log(trx, { action: 'glossary.import', ip, summary: `新增 ${report.added.length} 個、更新 ${report.changed.length} 個` });
    }));
    await this.onChange();
    return { ...report, applied: true };
  }
}
