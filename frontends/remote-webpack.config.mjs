import { resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import { EsbuildPlugin } from 'esbuild-loader';
import { sharedAliases, sharedSingletons as shared } from './federation.shared.mjs';


/**
 * The webpack config every Module Federation remote uses; each remote passes what differs:
 * its folder, container name, exposed modules, CSS class prefix and federation options.
 */
export function remoteWebpackConfig({ dir, name, exposes, cssPrefix, experiments, manifest }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: {},
      output: {
        path: resolve(dir, 'dist'),
        // Chunks load relative to wherever remoteEntry.js is served from, so the remote can move.
        publicPath: 'auto',
        filename: '[name].[contenthash:10].js',
        chunkFilename: '[name].[contenthash:10].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        uniqueName: name,
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
              { loader: 'css-loader', options: { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}-[local]-[hash:base64:4]` } } },
            ],
          },
          { test: /\.(svg|png|webp|jpe?g)$/, type: 'asset/resource' },
        ],
      },
      // Terser drops the unused code inside modules, which esbuild's minifier keeps; it adds no
      // IIFE wrapper either (remoteEntry.js must leave its container in a global the host can find).
      optimization: { minimizer: ['...', new EsbuildPlugin({ target: 'es2020', css: true, include: /\.css$/ })] },
      plugins: [
        new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared,
          shareStrategy: 'loaded-first',
          experiments,
          dts: false,
          manifest,
        }),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
