import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Remotes first, then the shell (the order does not matter at run time, only for log readability). */
const FRONTENDS = ['public', 'admin', 'shell'];
/** Workspace packages whose sources end up inside the bundles. */
const SHARED_SOURCES = ['packages/rules/src', 'packages/contracts/src', 'frontends/federation.shared.mjs', 'frontends/shared/src', 'frontends/build-frontend.mjs', 'frontends/remote-webpack.config.mjs', 'frontends/server-webpack.config.mjs'];
const BUILD_INPUTS = ['src', 'webpack.config.mjs', 'webpack.config.js', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** The server container or host a frontend's build writes beside its browser bundle (the gateway renders with them). */
const SERVER_OUTPUT: Record<string, string> = { public: 'server/remoteEntry.js', shell: 'server/index.cjs' };

/** When the last build finished: the oldest of the files that mark a complete build (0: incomplete). */
function builtAt(dist: string, name: string): number {
  const server = SERVER_OUTPUT[name];
  if (server && !existsSync(join(dist, server))) return 0;
  const markers = ['remoteEntry.js', 'index.html', ...(server ? [server] : [])].map((file) => join(dist, file)).filter((file) => existsSync(file));
  if (markers.length === 0) return 0;
  return Math.min(...markers.map((file) => statSync(file).mtimeMs));
}

/** Builds each micro-frontend whose dist/ is missing or older than its sources (or the shared packages). */
export function ensureFrontendsBuilt(root: string, force = false): void {
  // FRONTENDS_SKIP=admin leaves a frontend as it is (e.g. while it is being written); the shell copes.
  const skip = new Set((process.env.FRONTENDS_SKIP ?? '').split(',').map((name) => name.trim()).filter(Boolean));
  const sharedNewest = Math.max(...SHARED_SOURCES.map((dir) => newestMtime(join(root, dir))));
  for (const name of FRONTENDS) {
    const dir = join(root, 'frontends', name);
    if (skip.has(name)) continue;
    if (!existsSync(join(dir, 'webpack.config.js')) && !existsSync(join(dir, 'webpack.config.mjs'))) continue;
    const sourcesNewest = Math.max(sharedNewest, ...BUILD_INPUTS.map((input) => newestMtime(join(dir, input))));
    if (!force && builtAt(join(dir, 'dist'), name) > sourcesNewest) continue;
    console.log(`building frontends/${name} …`);
    const result = spawnSync('npm', ['run', 'build', '-w', `frontends/${name}`], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`building frontends/${name} failed`);
  }
}
