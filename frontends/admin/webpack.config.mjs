import { remoteWebpackConfig } from '../remote-webpack.config.mjs';

export default remoteWebpackConfig({
  dir: import.meta.dirname,
  name: 'coinmag_admin',
  exposes: { './AdminApp': './src/AdminApp.tsx' },
  cssPrefix: 'adm',
  experiments: { asyncStartup: true },
  manifest: false,
});
