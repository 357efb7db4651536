// Builds the frontend in the current directory with the webpack pinned in its workspace.
// @module-federation/enhanced 0.24 reaches into webpack/lib/util/fs, which webpack 5.112 moved;
// FEDERATION_WEBPACK_PATH points it at the workspace's own copy.
import { cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompress } from './precompress.mjs';

const workspace = process.cwd();
const require = createRequire(join(workspace, 'package.json'));
process.env.FEDERATION_WEBPACK_PATH = require.resolve('webpack');
const webpack = require('webpack');
const { default: makeConfig } = await import(pathToFileURL(join(workspace, 'webpack.config.mjs')).href);

const mode = process.argv.includes('--development') ? 'development' : 'production';
webpack(makeConfig({}, { mode }), (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const info = stats.toString({ preset: 'errors-warnings', colors: false });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) process.exit(1);
  // Files kept under their own names (the icon set): public/ is copied beside the bundles; then
  // every file a browser fetches is compressed once, here (precompress.mjs).
  const publicDir = join(workspace, 'public');
  const dist = join(workspace, 'dist');
  (existsSync(publicDir) ? cp(publicDir, dist, { recursive: true }) : Promise.resolve())
    .then(() => (mode === 'production' ? precompress(dist) : undefined))
    .catch((failure) => {
      console.error(failure);
      process.exit(1);
    });
});
