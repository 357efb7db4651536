// The outside parties' stand-ins as images, for test:compose and test:swarm: the price providers
// (price-provider.ts) and an SMTP relay (smtp-sink.ts). Each is bundled here with esbuild (the
// project's code and the npm packages it uses, one file) and put on the project's node base image,
// the one the Dockerfile names (a registry's or test/compose's stand-in): no registry is needed.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Engine } from '../compose/engine.js';
import type { Shell } from '../compose/shell.js';
import { externalBases } from '../compose/third-party.js';

export const TEST_STANDINS = ['price-provider', 'smtp-sink'] as const;
export type TestStandin = (typeof TEST_STANDINS)[number];

/** Put on every image built here: test:compose removes them with its own. */
export const TEST_STANDIN_LABEL = 'org.coinmag.test-standin';

export function testStandinImage(name: TestStandin, tag: string): string {
  return `coinmag-test/${name}:${tag}`;
}

/** Builds `coinmag-test/<name>:<tag>` for each name; the node base image must be present. */
export async function buildTestStandins(engine: Engine, shell: Shell, root: string, tag: string, names: readonly TestStandin[] = TEST_STANDINS): Promise<string[]> {
  const base = externalBases(readFileSync(join(root, 'Dockerfile'), 'utf8')).find((image) => /^(docker\.io\/)?(library\/)?node:/.test(image));
  if (!base) throw new Error('the Dockerfile names no node base image');
  const images: string[] = [];
  for (const name of names) {
    const context = mkdtempSync(join(tmpdir(), `coinmag-${name}-`));
    try {
      await build({
        entryPoints: [join(import.meta.dirname, `${name}.ts`)],
        outfile: join(context, `${name}.mjs`),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'esm',
        logLevel: 'warning',
        // Bundled CommonJS packages (smtp-server, mailparser) call require for node's own modules.
        banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
      });
      const dockerfile = [`FROM ${base}`, `LABEL ${TEST_STANDIN_LABEL}=${name}`, 'WORKDIR /app', `COPY ${name}.mjs ./`, 'USER node', `CMD ["node", "/app/${name}.mjs"]`, ''].join('\n');
      const image = testStandinImage(name, tag);
      shell.must(engine.docker, ['build', '-q', '-t', image, '-f', '-', context], { env: engine.env, input: dockerfile, timeoutMs: 10 * 60_000 });
      images.push(image);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  }
  return images;
}
