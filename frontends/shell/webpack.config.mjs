import { resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { sharedAliases, sharedSingletons } from '../federation.shared.mjs';
import { serverWebpackConfig } from '../server-webpack.config.mjs';

const here = import.meta.dirname;

const browser = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: './src/index.tsx',
    output: {
      path: resolve(here, 'dist'),
      publicPath: '/mf/shell/',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: 'coinmag_shell',
      // dist/server/ is the server bundle, built beside this one.
      clean: { keep: /^server\// },
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] }, alias: sharedAliases },
    module: {
      rules: [
        { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        {
          test: /\.module\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: production ? 'sh-[hash:base64:6]' : 'sh-[local]-[hash:base64:4]' } } },
          ],
        },
        { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // The logo keeps a stable URL: structured data names it as the publisher's logo.
        { test: /logo\.svg$/, type: 'asset/resource', generator: { filename: 'brand/[name][ext]' } },
        { test: /\.(svg|png|webp|jpe?g)$/, exclude: /logo\.svg$/, type: 'asset/resource' },
      ],
    },
    // Terser drops the unused code inside modules (most of react-router, parts of the federation
    // runtime), which esbuild's minifier keeps; esbuild still minifies the CSS.
    // Each shared module is a chunk of its own; no vendor split (it cut the router from its one
    // importer, the shared subset, costing a request).
    optimization: { minimizer: ['...', new EsbuildPlugin({ target: 'es2020', css: true, include: /\.css$/ })], splitChunks: { cacheGroups: { defaultVendors: false } } },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      new HtmlWebpackPlugin({ template: './src/index.html', filename: 'index.html', inject: 'body', scriptLoading: 'defer', minify: false }),
      new ModuleFederationPlugin({
        name: 'coinmag_shell',
        remotes: {},
        shared: sharedSingletons,
        shareStrategy: 'loaded-first',
        runtimePlugins: [resolve(here, 'src/mf/federation-runtime-plugin.ts')],
        // No snapshot plugin: remotes are registered with plain entry URLs, which keeps the runtime smaller.
        // provideExternalRuntime: the public remote uses this runtime core instead of bringing its own.
        experiments: { asyncStartup: true, provideExternalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
        dts: false,
        manifest: false,
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};

// The server host (dist/server/index.cjs): the gateway requires it; it loads the public remote's server container.
const server = serverWebpackConfig({
  dir: here,
  name: 'coinmag_shell',
  entry: './src/server.tsx',
  runtimePlugins: [resolve(here, 'src/mf/server-entry-plugin.ts')],
  cssPrefix: 'sh',
  publicPath: '/mf/shell/',
  assetFilename: 'assets/[name].[contenthash:10][ext]',
});

/** The browser bundle and the server bundle the gateway renders public pages with. */
export default (env, argv) => [browser(env, argv), server(env, argv)];
