import { remoteWebpackConfig } from '../remote-webpack.config.mjs';
import { serverWebpackConfig } from '../server-webpack.config.mjs';

const browser = remoteWebpackConfig({
  dir: import.meta.dirname,
  name: 'coinmag_public',
  exposes: { './PublicApp': './src/PublicApp.tsx' },
  cssPrefix: 'pub',
  // No snapshot plugin: remotes are registered with plain entry URLs, which keeps the runtime smaller.
  experiments: { asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } },
  // mf-manifest.json lists the exposed module's chunks; the gateway preloads them.
  manifest: { fileName: 'mf-manifest.json' },
});

// Served from wherever remoteEntry.js is; the server bundle writes the gateway's default location.
const server = serverWebpackConfig({ dir: import.meta.dirname, entry: './src/server.tsx', cssPrefix: 'pub', publicPath: '/mf/public/', assetFilename: 'assets/[name].[contenthash:10][ext]' });

/** The browser bundle (a Module Federation remote) and the server bundle the gateway renders with. */
export default (env, argv) => [browser(env, argv), server(env, argv)];
