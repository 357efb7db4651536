// The expand step of a schema change, deployed by test:swarm as part of its rolling update: the
// new release of the content service carries one more migration, which adds a column, while the
// tasks of the release before keep serving (docs/operations.md, "Schema changes without downtime").
// The image is the earlier release with this migration appended to its list and the service
// bundled again, so nothing but the schema differs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../compose/engine.js';
import type { Shell } from '../compose/shell.js';
import type { Swarm } from './swarm.js';

export const EXPAND_MIGRATION = '99990101000000_swarm_expand_probe';
export const EXPAND_COLUMN = 'swarm_expand_probe';
const MIGRATION_FILE = join(import.meta.dirname, 'expand-migration.ts');

/** coinmag/content:<tag>: the `from` release plus the expand migration, under its own image id. */
export function buildExpandRelease(engine: Engine, shell: Shell, root: string, from: string, tag: string, release: string): void {
  const buildStage = `coinmag-swarm-build/content:${from}`;
  // The Dockerfile's build stage of the same sources: cached from building `from`.
  shell.must(engine.docker, ['build', '-q', '--target', 'build', '--build-arg', 'APP=services/content', '--build-arg', 'PORT=4002', '-t', buildStage, root], { env: engine.env, timeoutMs: 30 * 60_000, stream: true });
  const context = mkdtempSync(join(tmpdir(), 'coinmag-swarm-expand-'));
  try {
    writeFileSync(join(context, 'migration.ts'), readFileSync(MIGRATION_FILE));
    const migrations = '/app/services/content/src/migrations';
    writeFileSync(
      join(context, 'Dockerfile'),
      [
        `FROM ${buildStage} AS build`,
        `COPY migration.ts ${migrations}/${EXPAND_MIGRATION}.ts`,
        // Appended to the list (imports are hoisted, so the import line may come last).
        `RUN printf "\\nimport * as swarmExpandProbe from './${EXPAND_MIGRATION}.js';\\n" >> ${migrations}/index.ts \\`,
        ` && sed -i 's/^];$/  swarmExpandProbe,\\n];/' ${migrations}/index.ts \\`,
        ` && grep -q '^  swarmExpandProbe,$' ${migrations}/index.ts \\`,
        ' && npm run build -w services/content',
        `FROM coinmag/content:${from}`,
        'COPY --from=build /app/services/content/dist ./dist',
        `LABEL org.coinmag.release=${release}`,
        '',
      ].join('\n'),
    );
    shell.must(engine.docker, ['build', '-q', '-t', `coinmag/content:${tag}`, context], { env: engine.env, timeoutMs: 10 * 60_000 });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

export interface ExpandFacts {
  /** Rows in knex_migrations for the expand migration (1: applied once). */
  applied: number;
  columnExists: boolean;
  /** When the migration was recorded (the column exists from then on). */
  migratedAt: Date;
  /** Content tasks of the release before that had stopped before the update began (killed, or replaced by Swarm as unhealthy): not among oldTasks. */
  goneBeforeUpdate: number;
  /** Each content task of the release before still running when the update began: when it stopped, and its admin writes answered after the migration. */
  oldTasks: Array<{ container: string; stoppedAt: Date | undefined; writesAfter: number }>;
}

/** What Postgres and the old content tasks' logs say about the expand step. */
export function expandFacts(swarm: Swarm, postgres: string, oldTag: string, updateStartedAt: Date): ExpandFacts {
  const sql = (query: string) => swarm.exec(postgres, ['psql', '-U', 'coinmag', '-d', 'coinmag', '-tAc', query]).trim();
  const applied = Number(sql(`select count(*) from content.knex_migrations where name = '${EXPAND_MIGRATION}'`));
  const columnExists = sql(`select count(*) from information_schema.columns where table_schema = 'content' and table_name = 'articles' and column_name = '${EXPAND_COLUMN}'`) === '1';
  const migratedAt = new Date(sql(`select to_char(migration_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from content.knex_migrations where name = '${EXPAND_MIGRATION}'`) || NaN);
  const tasks = swarm.allContainers('content')
    .filter((c) => c.image.endsWith(`:${oldTag}`))
    .map((c) => {
      const state = swarm.docker(['inspect', '--format', '{{.State.Running}}|{{.State.FinishedAt}}', c.id], { quiet: true }).trim();
      const [running, finished] = state.split('|');
      return { c, stoppedAt: running === 'true' ? undefined : new Date(finished!) };
    });
  const servingAtUpdate = tasks.filter(({ stoppedAt }) => stoppedAt === undefined || stoppedAt > updateStartedAt);
  const oldTasks = servingAtUpdate
    .map(({ c, stoppedAt }) => {
      let writesAfter = 0;
      for (const line of swarm.containerLogs(c.id).split('\n')) {
        const json = line.indexOf('{');
        if (json < 0 || !line.includes('"request"')) continue;
        try {
          const entry = JSON.parse(line.slice(json)) as { msg?: string; method?: string; status?: number; time?: string };
          if (entry.msg === 'request' && entry.method === 'PUT' && entry.status === 200 && entry.time && new Date(entry.time) > migratedAt) writesAfter += 1;
        } catch {
          // a line cut by the log driver
        }
      }
      return { container: c.id.slice(0, 12), stoppedAt, writesAfter };
    });
  return { applied, columnExists, migratedAt, goneBeforeUpdate: tasks.length - servingAtUpdate.length, oldTasks };
}
