// What `npm ci --omit=dev --workspace <dir>` puts in an image, read from package-lock.json, and
// what a bundle imports at run time: every npm package a bundle imports must be in the first.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './repo.js';

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Names of the packages a workspace needs in production, following the lock file's tree. */
export function productionClosure(workspaceDir: string): Set<string> {
  const packages = (JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const names = new Set<string>();
  const visited = new Set<string>();
  const resolve = (name: string, from: string): string | undefined => {
    for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
      const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
    }
  };
  const visit = (path: string) => {
    if (visited.has(path)) return;
    visited.add(path);
    let entry = packages[path];
    if (entry?.link && entry.resolved) {
      path = entry.resolved;
      entry = packages[path];
    }
    const deps = { ...entry?.dependencies, ...entry?.optionalDependencies, ...entry?.peerDependencies };
    for (const name of Object.keys(deps)) {
      const found = resolve(name, path);
      if (!found) continue;
      names.add(name);
      visit(found);
    }
  };
  visit(workspaceDir);
  return names;
}

/** npm packages a bundle loads at run time (static and dynamic imports of bare names). */
export function bundleImports(bundlePath: string): Set<string> {
  const code = readFileSync(bundlePath, 'utf8');
  const specifiers = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\(\s*)["']([^"'./\s][^"'\s(),;]*)["']/g)].map((m) => m[1]!);
  const builtins = new Set(builtinModules);
  return new Set(
    specifiers
      .filter((s) => !s.startsWith('node:') && !builtins.has(s.split('/')[0]!))
      .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!)),
  );
}
