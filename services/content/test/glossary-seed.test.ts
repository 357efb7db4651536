import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContent } from '../src/seed/seed-demo.js';
import { SeedRepository } from '../src/seed/seed.repository.js';
import { seedDemoGlossary } from '../src/seed/seed-glossary.js';
import { startContent, type ContentHarness } from './content-harness.js';

describe('the demo glossary', () => {
  let api: ContentHarness;

  beforeAll(async () => {
    api = await startContent();
    await seedDemoContent(new SeedRepository(api.db));
    expect(await seedDemoGlossary(api.db)).toEqual({ terms: expect.any(Number) });
  });
  afterAll(() => api.close());

  it('holds at least 40 published terms, each with aliases, and is seeded once', async () => {
    const { body } = await api.get('/api/glossary');
    expect(body.total).toBeGreaterThanOrEqual(40);
    const terms = body.groups.flatMap((group: { terms: Array<{ aliases: string[]; definition: string }> }) => group.terms);
    expect(terms.every((term: { aliases: string[] }) => term.aliases.length > 0)).toBe(true);
    expect(await seedDemoGlossary(api.db)).toBeNull();
  });

  it('links terms in the demo articles', async () => {
    const { body } = await api.get('/api/articles/hardware-wallet-guide');
    expect(body.content).toContain('href="/glossary/cold-wallet"');
    const links = body.content.match(/class="gl-term"/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.length).toBeLessThanOrEqual(10);
  });
});
