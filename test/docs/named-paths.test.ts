import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { docFiles, missingPaths } from './named-paths.js';

const repo = resolve(fileURLToPath(import.meta.url), '../../..');

describe('docs name only paths that exist', () => {
  it('every repository path in README.md and docs/ exists', () => {
    const missing = missingPaths(repo).map((named) => `${named.doc}:${named.line} ${named.path}`);
    expect(missing).toEqual([]);
  });

  it('no document cites an issue tracker that is not in the repository', () => {
    const citations = docFiles(repo).flatMap((doc) =>
      readFileSync(join(repo, doc), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bissues? \d+/i.test(line) ? [`${doc}:${index + 1}`] : [])),
    );
    expect(citations).toEqual([]);
  });
});
