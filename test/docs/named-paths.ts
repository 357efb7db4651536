import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

/** The top-level folders of this repository; a named path starting with one of them is checked. */
const ROOTS = ['gateway', 'services', 'packages', 'frontends', 'scripts', 'test', 'e2e', 'docs', 'deploy', 'k8s', '.ci'];
const ROOT_FILES = ['README.md', 'Dockerfile', 'docker-compose.yml', 'package.json', '.env.example', 'vitest.config.ts'];

export interface NamedPath {
  doc: string;
  line: number;
  path: string;
}

/** Every Markdown file a newcomer reads: the README and everything under docs/. */
export function docFiles(repo: string): string[] {
  const found = ['README.md'];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(repo, dir), { withFileTypes: true })) {
      const rel = join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

function looksLikeRepoPath(token: string): boolean {
  if (/[\s*{}<>$|…]/.test(token) || token.includes('://')) return false;
  const first = token.split('/')[0] ?? '';
  if (ROOT_FILES.includes(token)) return true;
  return ROOTS.includes(first) && token.includes('/');
}

/**
 * The repository paths a document names: backticked tokens that start at a top-level folder, and
 * the targets of relative Markdown links. A `:line` or `#anchor` suffix is dropped; a trailing
 * glob-free folder is checked as a folder.
 */
export function namedPaths(repo: string, doc: string): NamedPath[] {
  const text = readFileSync(join(repo, doc), 'utf8');
  const names: NamedPath[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(/`([^`\s]+)`/g)) {
      const token = (match[1] ?? '').replace(/[#:].*$/, '').replace(/[.,;)]+$/, '');
      if (looksLikeRepoPath(token)) names.push({ doc, line: index + 1, path: token });
    }
    for (const match of lineText.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? '').replace(/#.*$/, '');
      if (!target || /^[a-z]+:/i.test(target)) continue;
      const fromRoot = resolve(repo, dirname(doc), target).slice(resolve(repo).length + 1);
      names.push({ doc, line: index + 1, path: fromRoot });
    }
  });
  return names;
}

/** A git-ignored path is one the operator makes (a secrets file), never committed: not missing. */
function ignoredByGit(repo: string, path: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', path], { cwd: repo });
    return true;
  } catch {
    return false;
  }
}

export function missingPaths(repo: string): NamedPath[] {
  return docFiles(repo)
    .flatMap((doc) => namedPaths(repo, doc))
    .filter((named) => !existsSync(join(repo, named.path)) && !ignoredByGit(repo, named.path));
}
