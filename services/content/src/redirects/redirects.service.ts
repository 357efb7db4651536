import { normaliseMissingPath, redirectDep, type RedirectInput, type RedirectList, type RedirectLocation, type RedirectRow, type RedirectTargets } from '@coinmag/contracts';
import { ConflictError, NotFoundError, ValidationError } from '@coinmag/service-kit';
import { tagKey, tagPagePath } from '@coinmag/rules';
import type { ManualRedirectRow, RedirectsRepository, RedirectWrite } from './redirects.repository.js';

const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}`;
const categoryPath = (slug: string) => `/category/${encodeURIComponent(slug)}`;

/** Paths no redirect may take: the back office, the API, the assets, the crawler files, the search. */
const RESERVED = /^\/(admin|api|mf|uploads|cards|internal|search|sitemaps?|rss|robots|favicon|manifest)(\/|\.|$)/;
/** Our own page addresses, by kind: `/article/{slug}`, `/category/{slug}`, `/tag/{key}`. */
const PAGE = /^\/(article|category|tag)\/([^/]+)$/;

/** Where a manual redirect answers now: its target's current address; null when the target is gone or not public. */
export function currentTarget(row: ManualRedirectRow): string | null {
  if (row.target_kind === 'article') return row.article_slug && row.article_public ? articlePath(row.article_slug) : null;
  if (row.target_kind === 'category') return row.category_slug && row.category_active ? categoryPath(row.category_slug) : null;
  return row.tag_key ? tagPagePath(row.tag_key) : null;
}

/**
 * Redirects the admin makes (轉址管理, 新增轉址): a path to an article, a category or a tag, kept by
 * the target's id, so it always answers the target's current address in one hop (a later slug
 * change never makes a chain). A path that is a page of its own, or a redirect to itself (a
 * loop), is refused. Every write invalidates exactly that path's answers.
 */
export class RedirectsService {
  constructor(
    private readonly repository: RedirectsRepository,
    private readonly invalidate: (deps: string[]) => Promise<void>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** GET /api/redirect-lookup: the public answer the public remote asks for a path that found no page. */
  async locate(rawPath: string): Promise<RedirectLocation | { location: null }> {
    const path = normaliseMissingPath(rawPath);
    const row = await this.repository.byPath(path, this.clock());
    const location = row ? currentTarget(row) : null;
    return { location: location && normaliseMissingPath(location) !== path ? location : null };
  }

  async list(): Promise<RedirectList> {
    const now = this.clock();
    const manual: RedirectRow[] = (await this.repository.listManual(now)).map((row) => ({
      source: 'manual',
      id: row.id,
      from_path: row.from_path,
      to_path: currentTarget(row) ?? '',
      target_kind: row.target_kind,
      target_label: row.target_kind === 'article' ? (row.article_title ?? '') : row.target_kind === 'category' ? (row.category_name ?? '') : (row.tag_key ?? ''),
      hits: row.hits,
    }));
    const slugs: RedirectRow[] = (await this.repository.slugHistory()).map((row) => ({
      source: 'slug',
      from_path: row.kind === 'article' ? articlePath(row.old_slug) : categoryPath(row.old_slug),
      to_path: row.kind === 'article' ? articlePath(row.slug) : categoryPath(row.slug),
      target_label: row.label,
      hits: row.hits,
    }));
    const links = await this.repository.wordpressLinks();
    const wpPaths = links.map((link) => wordpressPath(link.wp_link));
    const wpHits = await this.repository.hitsOf(wpPaths.filter((p): p is string => p !== null).map(normaliseMissingPath));
    const wordpress: RedirectRow[] = links.flatMap((link, index) => {
      const from = wpPaths[index];
      return from ? [{ source: 'wordpress' as const, from_path: from, to_path: articlePath(link.slug), target_label: link.label, hits: wpHits.get(normaliseMissingPath(from)) ?? 0 }] : [];
    });
    const redirects = [...manual, ...slugs, ...wordpress].sort((a, b) => b.hits - a.hits || a.from_path.localeCompare(b.from_path));
    return { redirects };
  }

  async create(input: RedirectInput): Promise<RedirectRow> {
    const write = await this.checked(input);
    const id = await this.repository.insert(write);
    await this.invalidate([redirectDep(write.from_path)]);
    return this.one(id);
  }

  async update(id: number, input: RedirectInput): Promise<RedirectRow> {
    const before = await this.repository.byId(id, this.clock());
    if (!before) throw new NotFoundError('找不到這個轉址');
    const write = await this.checked(input);
    await this.repository.update(id, write);
    await this.invalidate([...new Set([redirectDep(before.from_path), redirectDep(write.from_path)])]);
    return this.one(id);
  }

  async delete(id: number): Promise<void> {
    const fromPath = await this.repository.delete(id);
    if (!fromPath) throw new NotFoundError('找不到這個轉址');
    await this.invalidate([redirectDep(fromPath)]);
  }

  async targets(term: string): Promise<RedirectTargets> {
    const found = await this.repository.searchTargets(term.trim().slice(0, 100), 10);
    return {
      targets: [
        ...found.articles.map((a) => ({ kind: 'article' as const, id: a.id, label: a.title, path: articlePath(a.slug) })),
        ...found.categories.map((c) => ({ kind: 'category' as const, id: c.id, label: c.name, path: categoryPath(c.slug) })),
        ...found.tags.map((t) => ({ kind: 'tag' as const, key: t.key, label: t.name, path: tagPagePath(t.key) })),
      ],
    };
  }

  /** The gateways' counts of the 301s they answered, by path. */
  addHits(hits: Array<{ path: string; count: number }>): Promise<void> {
    const merged = new Map<string, number>();
    for (const { path, count } of hits) {
      const key = normaliseMissingPath(path);
      merged.set(key, (merged.get(key) ?? 0) + count);
    }
    return this.repository.addHits([...merged].map(([path, count]) => ({ path, count })));
  }

  private async one(id: number): Promise<RedirectRow> {
    const row = await this.repository.byId(id, this.clock());
    if (!row) throw new NotFoundError('找不到這個轉址');
    const label = row.target_kind === 'article' ? (row.article_title ?? '') : row.target_kind === 'category' ? (row.category_name ?? '') : (row.tag_key ?? '');
    return { source: 'manual', id: row.id, from_path: row.from_path, to_path: currentTarget(row) ?? '', target_kind: row.target_kind, target_label: label, hits: row.hits };
  }

  /** The write for an input: its path normalised and free, its target existing, and no loop. */
  private async checked(input: RedirectInput): Promise<RedirectWrite> {
    const from = normaliseMissingPath(input.from_path);
    if (from === '/' || RESERVED.test(from)) throw new ValidationError('from_path', '這個網址不能設定轉址');
    const write: RedirectWrite = {
      from_path: from,
      target_kind: input.target_kind,
      article_id: input.target_kind === 'article' ? input.target_id! : null,
      category_id: input.target_kind === 'category' ? input.target_id! : null,
      tag_key: input.target_kind === 'tag' ? tagKey(input.target_key!) : null,
    };
    const target = await this.repository.targetExists(write.target_kind, write.article_id ?? write.category_id, write.tag_key);
    if (!target) throw new ValidationError('target_kind', '找不到轉址目標');
    const to = write.target_kind === 'article' ? articlePath(target.slug!) : write.target_kind === 'category' ? categoryPath(target.slug!) : tagPagePath(target.key!);
    if (normaliseMissingPath(to) === from) throw new ConflictError('轉址目標就是這個網址，會形成迴圈', 'from_path');
    const page = PAGE.exec(from);
    if (page) {
      const kind = page[1] as 'article' | 'category' | 'tag';
      const key = kind === 'tag' ? tagKey(page[2]!) : page[2]!;
      if (await this.repository.livePath(kind, key)) throw new ConflictError('這個網址已有頁面，不能轉址', 'from_path');
    }
    return write;
  }
}

/** The path of an old WordPress link (its address without origin, query or fragment); null when it is not a URL. */
function wordpressPath(link: string): string | null {
  try {
    return new URL(link).pathname;
  } catch {
    return null;
  }
}
