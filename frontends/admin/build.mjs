// Builds with the webpack pinned in this workspace. @module-federation/enhanced 0.24 reaches into
// webpack/lib/util/fs, which webpack 5.112 moved; FEDERATION_WEBPACK_PATH points it at our copy.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
process.env.FEDERATION_WEBPACK_PATH = require.resolve('webpack');
const webpack = require('webpack');
const { default: makeConfig } = await import('./webpack.config.mjs');

const mode = process.argv.includes('--development') ? 'development' : 'production';
webpack(makeConfig({}, { mode }), (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const info = stats.toString({ preset: 'errors-warnings', colors: false });
  if (info.trim()) console.log(info);
  if (stats.hasErrors()) process.exit(1);
});
