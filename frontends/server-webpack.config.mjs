import { resolve } from 'node:path';

/**
 * The server bundle of a frontend (dist/server/index.cjs), which the gateway loads to render
 * public pages: the same sources as the browser bundle, built for Node. React, react-dom,
 * react-router-dom and zustand stay external, so the shell's and the remote's server code share
 * one copy of each (as the shared singletons do in the browser). CSS modules give the same class
 * names as the browser build (same loader options, same hash input) and emit no CSS.
 */
export function serverWebpackConfig({ dir, entry, cssPrefix, publicPath, assetFilename }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      name: 'server',
      mode: production ? 'production' : 'development',
      devtool: false,
      target: 'node20',
      entry: { index: entry },
      output: {
        path: resolve(dir, 'dist', 'server'),
        filename: '[name].cjs',
        library: { type: 'commonjs2' },
        publicPath,
        clean: true,
      },
      externalsType: 'commonjs',
      externals: [/^react(\/.*)?$/, /^react-dom(\/.*)?$/, /^react-router(-dom)?(\/.*)?$/, /^zustand(\/.*)?$/],
      resolve: { extensions: ['.tsx', '.ts', '.js'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
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
      optimization: { minimize: false, splitChunks: false },
      performance: { hints: false },
      stats: 'errors-warnings',
    };
  };
}
