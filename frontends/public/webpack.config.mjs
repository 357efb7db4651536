import { resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { sharedSingletons as shared } from '../federation.shared.mjs';

const here = import.meta.dirname;

export default (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? false : 'eval-cheap-module-source-map',
    entry: {},
    output: {
      path: resolve(here, 'dist'),
      // Chunks load relative to wherever remoteEntry.js is served from, so the remote can move.
      publicPath: 'auto',
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      uniqueName: 'coinmag_public',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    module: {
      rules: [
        { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'es2020', jsx: 'automatic' } },
        {
          test: /\.module\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: production ? 'pub-[hash:base64:6]' : 'pub-[local]-[hash:base64:4]' } } },
          ],
        },
        { test: /\.(svg|png|webp|jpe?g)$/, type: 'asset/resource' },
      ],
    },
    // No IIFE wrapper: remoteEntry.js must leave its container in a global the host can find.
    optimization: { minimizer: [new EsbuildPlugin({ target: 'es2020', css: true, format: undefined })] },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      new ModuleFederationPlugin({
        name: 'coinmag_public',
        filename: 'remoteEntry.js',
        exposes: { './PublicApp': './src/PublicApp.tsx' },
        shared,
        shareStrategy: 'loaded-first',
        // No snapshot plugin: remotes are registered with plain entry URLs, which keeps the runtime smaller.
        experiments: { asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } },
        dts: false,
        // mf-manifest.json lists the exposed module's chunks; the gateway preloads them.
        manifest: { fileName: 'mf-manifest.json' },
      }),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
