import { remoteWebpackConfig } from '../remote-webpack.config.mjs';

export default remoteWebpackConfig({
  dir: import.meta.dirname,
  name: 'coinmag_public',
  exposes: { './PublicApp': './src/PublicApp.tsx' },
  cssPrefix: 'pub',
  // No snapshot plugin: remotes are registered with plain entry URLs, which keeps the runtime smaller.
  experiments: { asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } },
  // mf-manifest.json lists the exposed module's chunks; the gateway preloads them.
  manifest: { fileName: 'mf-manifest.json' },
});
