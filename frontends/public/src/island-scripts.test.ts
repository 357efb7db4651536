import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What the island scripts import runs on every public page before anything else the reader sees
 * is interactive (docs/adr/0011-islands.md): no schema library. @coinmag/contracts' index defines
 * its zod schemas as it loads (a long task on a phone), so the scripts take only types from it and
 * constants from its zod-free modules.
 */
const SOURCE = resolve(import.meta.dirname);

function valueImports(file: string): Array<{ from: string; names: string }> {
  const text = readFileSync(file, 'utf8');
  const found: Array<{ from: string; names: string }> = [];
  for (const match of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
    if (match[1]) continue;
    const names = match[2]!;
    const braced = /^\{([\s\S]*)\}$/.exec(names.trim());
    if (braced && braced[1]!.split(',').map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith('type '))) continue;
    found.push({ from: match[3]!, names });
  }
  return found;
}

/** The shared frontend package's modules are followed too (the subscribe form's script lives there). */
const SHARED_PACKAGE = '@coinmag/frontend-shared/';
const SHARED_SOURCE = resolve(SOURCE, '../../shared/src');

function localFile(from: string, importer: string): string | null {
  if (!from.startsWith('.') && !from.startsWith(SHARED_PACKAGE)) return null;
  const base = from.startsWith(SHARED_PACKAGE) ? resolve(SHARED_SOURCE, from.slice(SHARED_PACKAGE.length)) : resolve(dirname(importer), from);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${importer}: cannot find ${from}`);
}

/** Every module the island scripts load, with the packages each imports values from. */
function graph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const imports = valueImports(file);
    seen.set(file, imports.map((i) => i.from).filter((from) => !from.startsWith('.')));
    for (const { from } of imports) {
      const next = localFile(from, file);
      if (next) visit(next);
    }
  };
  visit(entry);
  return seen;
}

describe('the island scripts', () => {
  it('load no zod and not the contracts index (types only)', () => {
    const modules = graph(resolve(SOURCE, 'island-scripts.ts'));
    expect(modules.size).toBeGreaterThan(5);
    const offending = [...modules].flatMap(([file, packages]) =>
      packages.filter((name) => name === 'zod' || name === '@coinmag/contracts').map((name) => `${file} imports ${name}`),
    );
    expect(offending).toEqual([]);
    expect([...modules.keys()]).toContain(resolve(SHARED_SOURCE, 'newsletter/subscribe-form.ts'));
  });

  it('the check sees a value import of the contracts index', () => {
    expect(valueImports(resolve(SOURCE, 'api/flash.ts')).map((i) => i.from)).toContain('@coinmag/contracts');
    expect(valueImports(resolve(SOURCE, 'api/glossary.ts')).map((i) => i.from)).not.toContain('@coinmag/contracts');
  });
});
