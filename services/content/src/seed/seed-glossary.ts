import type { Knex } from 'knex';
import { GlossaryLinks } from '../glossary/glossary-links.js';
import { GlossaryRepository } from '../glossary/glossary.repository.js';
import { GlossaryService } from '../glossary/glossary.service.js';
import { DEMO_GLOSSARY } from './demo-glossary.js';

/**
 * Fills an empty glossary with the demo terms, through the service's own rules (a demo term that
 * broke one would fail the seed), then links the related terms; leaves a glossary with terms alone.
 */
export async function seedDemoGlossary(db: Knex): Promise<{ terms: number } | null> {
  const repository = new GlossaryRepository(db);
  if ((await repository.list()).length > 0) return null;
  const service = new GlossaryService(repository, new GlossaryLinks(repository));
  const ids = new Map<string, number>();
  for (const term of DEMO_GLOSSARY) {
    const created = await service.create({ name: term.name, aliases: term.aliases, definition: term.definition, explanation: term.explanation ?? '', slug: term.slug, status: 'published', related_ids: [] });
    ids.set(term.slug, created.id);
  }
  const related = DEMO_GLOSSARY.flatMap((term) => (term.related ?? []).map((slug, position) => ({ term_id: ids.get(term.slug)!, related_id: ids.get(slug), position })));
  const missing = related.find((row) => row.related_id === undefined);
  if (missing) throw new Error(`demo glossary: a related term of term ${missing.term_id} does not exist`);
  await db.transaction(async (trx) => {
    if (related.length > 0) await trx('glossary_related').insert(related);
    await repository.bumpRevision(trx);
  });
  return { terms: DEMO_GLOSSARY.length };
}
