import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const FRONTENDS = ['public', 'admin', 'shell'];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds each micro-frontend whose dist/ is missing or older than its sources. */
export function ensureFrontendsBuilt(root: string): void {
  for (const name of FRONTENDS) {
    const dir = join(root, 'frontends', name);
    if (!existsSync(join(dir, 'webpack.config.js')) && !existsSync(join(dir, 'webpack.config.mjs'))) continue;
    const dist = join(dir, 'dist');
    const sourcesChanged = !existsSync(dist) || newestMtime(join(dir, 'src')) > statSync(dist).mtimeMs;
    if (!sourcesChanged) continue;
    console.log(`building frontends/${name} …`);
    const result = spawnSync('npm', ['run', 'build', '-w', `frontends/${name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building frontends/${name} failed`);
  }
}
