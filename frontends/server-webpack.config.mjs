import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { sharedAliases, sharedSingletons } from './federation.shared.mjs';

const require = createRequire(import.meta.url);

/** dist/server/ holds CommonJS although the workspace is "type": "module". */
class CommonJsFolderPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CommonJsFolderPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CommonJsFolderPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('package.json', new compiler.webpack.sources.RawSource('{ "type": "commonjs" }\n'));
      });
    });
  }
}

/**
 * The server bundle of a frontend (dist/server/), which the gateway renders public pages with: the
 * same sources as the browser bundle, built for Node as a Module Federation container.
 *
 * - A remote (`exposes`) writes dist/server/remoteEntry.js (commonjs-module): the host loads it at
 *   run time, from the disk or over HTTP beside the remote's browser entry.
 * - The host (`entry`) writes dist/server/index.cjs, which the gateway requires; it registers and
 *   loads the remotes itself.
 *
 * React, react-dom, react-router-dom and zustand are shared singletons, as in the browser; the host
 * provides them eagerly (it has no async boundary), the remote takes the host's copy. The
 * @module-federation/node runtime plugin loads a remote's chunks from the disk or over HTTP. CSS
 * modules give the same class names as the browser build (same loader options, same hash input)
 * and emit no CSS.
 */
export function serverWebpackConfig({ dir, name, entry, exposes, runtimePlugins = [], cssPrefix, publicPath, assetFilename }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const host = Boolean(entry);
    const shared = Object.fromEntries(Object.entries(sharedSingletons).map(([key, config]) => [key, { ...config, eager: host }]));
    return {
      name: 'server',
      mode: production ? 'production' : 'development',
      devtool: false,
      target: 'async-node',
      entry: host ? { index: entry } : {},
      output: {
        path: resolve(dir, 'dist', 'server'),
        filename: host ? '[name].cjs' : '[name].js',
        chunkFilename: '[name].[contenthash:10].js',
        library: host ? { type: 'commonjs2' } : undefined,
        uniqueName: `${name}_server`,
        publicPath,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] }, alias: sharedAliases },
      module: {
        rules: [
          { test: /\.[cm]?[jt]sx?$/, exclude: /node_modules/, loader: 'esbuild-loader', options: { target: 'node20', jsx: 'automatic' } },
          {
            test: /\.module\.css$/,
            use: [
              {
                loader: 'css-loader',
                options: {
                  modules: {
                    namedExport: false,
                    exportLocalsConvention: 'as-is',
                    exportOnlyLocals: true,
                    localIdentName: production ? `${cssPrefix}-[hash:base64:6]` : `${cssPrefix}-[local]-[hash:base64:4]`,
                  },
                },
              },
            ],
          },
          { test: /\.css$/, exclude: /\.module\.css$/, type: 'asset/source', generator: { emit: false } },
          { test: /logo\.svg$/, type: 'asset/resource', generator: { filename: 'brand/[name][ext]', emit: false } },
          { test: /\.(svg|png|webp|jpe?g)$/, exclude: /logo\.svg$/, type: 'asset/resource', generator: { filename: assetFilename, emit: false } },
        ],
      },
      plugins: [
        new CommonJsFolderPlugin(),
        new ModuleFederationPlugin({
          name,
          ...(host ? {} : { filename: 'remoteEntry.js', exposes, library: { type: 'commonjs-module' } }),
          remotes: {},
          remoteType: 'script',
          shared,
          shareStrategy: 'loaded-first',
          runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins],
          dts: false,
          manifest: false,
        }),
      ],
      optimization: { minimize: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
