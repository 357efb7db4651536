import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The singletons every frontend shares (host and remotes must agree on keys and versions).
// The trailing-slash keys share subpaths such as react-dom/client and react/jsx-runtime.
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });

// react-router-dom is shared as the subset of react-router the frontends use (see the file):
// a shared module is not tree-shaken, and the whole package would be most of a page's script.
const require = createRequire(import.meta.url);
const routerVersion = require('react-router/package.json').version;
const ROUTER_SUBSET = '@coinmag/react-router-dom-subset';

/**
 * resolve.alias entries each frontend's webpack config needs. The subset is provided by a module
 * name, not a path: a path is provided eagerly, in child compilations too (html-webpack-plugin's),
 * which emitted a stray copy of the router.
 */
export const sharedAliases = {
  [`${ROUTER_SUBSET}$`]: join(import.meta.dirname, 'shared/src/react-router-dom-subset.ts'),
  // react-router's package exports name only its development build (warnings and checks); the
  // production build sits beside it.
  'react-router$': join(dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs'),
};

export const sharedSingletons = {
  react: singleton('^19.1.0'),
  'react/': singleton('^19.1.0'),
  'react-dom': singleton('^19.1.0'),
  'react-dom/': singleton('^19.1.0'),
  'react-router-dom': { ...singleton('^7.6.0'), import: ROUTER_SUBSET, version: routerVersion },
  zustand: singleton('^5.0.5'),
};
