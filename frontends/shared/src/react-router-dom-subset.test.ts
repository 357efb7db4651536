import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as subset from './react-router-dom-subset';

const FRONTENDS = resolve(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
  });
}

/** Every value (not type) each frontend source file imports from react-router-dom. */
function routerImports(): { file: string; names: string[]; unlisted: boolean }[] {
  const found = [];
  for (const frontend of readdirSync(FRONTENDS, { withFileTypes: true })) {
    if (!frontend.isDirectory() || frontend.name === 'shared') continue;
    for (const file of sourceFiles(join(FRONTENDS, frontend.name, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+['"]react-router-dom['"]/g)) {
        if (match[1]) continue;
        const named = /^\{([^}]*)\}$/.exec(match[2]!.trim());
        const names = named ? named[1]!.split(',').map((n) => n.trim()).filter((n) => n && !n.startsWith('type ')).map((n) => n.split(/\s+as\s+/)[0]!) : [];
        found.push({ file, names, unlisted: !named });
      }
    }
  }
  return found;
}

describe('the react-router-dom the browser shares', () => {
  it('exports every name a frontend imports from react-router-dom', () => {
    const imports = routerImports();
    expect(imports.length).toBeGreaterThan(10);
    for (const { file, names, unlisted } of imports) {
      expect(unlisted, `${file}: import react-router-dom by name, so the shared subset can be checked`).toBe(false);
      for (const name of names) expect(subset[name as keyof typeof subset], `${file} imports ${name}: add it to react-router-dom-subset.ts`).toBeDefined();
    }
  });
});
