import { remoteWebpackConfig } from '../remote-webpack.config.mjs';
import { serverWebpackConfig } from '../server-webpack.config.mjs';

const browser = remoteWebpackConfig({
  dir: import.meta.dirname,
  name: 'coinmag_public',
  exposes: { './PublicApp': './src/PublicApp.tsx', './islands': './src/islands.ts', './island-scripts': './src/island-scripts.ts' },
  cssPrefix: 'pub',
  // No snapshot plugin: remotes are registered with plain entry URLs, which keeps the runtime smaller.
  // externalRuntime: the federation runtime core is the shell's (provideExternalRuntime there), not a second copy.
  experiments: { asyncStartup: true, externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
  // mf-manifest.json lists the exposed module's chunks; the gateway preloads them.
  manifest: { fileName: 'mf-manifest.json' },
});

// The server container (dist/server/remoteEntry.js) the gateway's renderer loads through federation.
const server = serverWebpackConfig({
  dir: import.meta.dirname,
  name: 'coinmag_public',
  exposes: { './server': './src/server.tsx' },
  cssPrefix: 'pub',
  publicPath: '/mf/public/',
  assetFilename: 'assets/[name].[contenthash:10][ext]',
});

/** The browser bundle and the server bundle, each a Module Federation remote. */
export default (env, argv) => [browser(env, argv), server(env, argv)];
