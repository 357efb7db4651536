import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');
/** The repository's frontends folder: shell/, public/ and admin/, each with its dist/. */
export const FRONTENDS = join(ROOT, 'frontends');

const BUILT = ['shell/dist/server/index.cjs', 'public/dist/server/remoteEntry.js', 'shell/dist/index.html'];
const LOCK = join(FRONTENDS, '.build-lock');

const built = () => BUILT.every((file) => existsSync(join(FRONTENDS, file)));

/**
 * Builds the shell and the public remote (browser and server code) unless they are built. Test
 * files run in parallel processes: one builds, under a lock folder, the others wait for it.
 */
export async function ensureBuiltFrontends(): Promise<void> {
  if (built()) return;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // Another process is building; a lock left by a killed run is taken over after ten minutes.
      const since = statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
      if (since === undefined) continue;
      if (Date.now() - since > 600_000) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 500));
      if (!existsSync(LOCK) && built()) return;
    }
  }
  try {
    if (!built()) execFileSync('npm', ['run', 'build', '-w', 'frontends/shell', '-w', 'frontends/public'], { cwd: ROOT, stdio: 'inherit' });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
