// The singletons every frontend shares (host and remotes must agree on keys and versions).
// The trailing-slash keys share subpaths such as react-dom/client and react/jsx-runtime.
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
export const sharedSingletons = {
  react: singleton('^19.1.0'),
  'react/': singleton('^19.1.0'),
  'react-dom': singleton('^19.1.0'),
  'react-dom/': singleton('^19.1.0'),
  'react-router-dom': singleton('^7.6.0'),
  zustand: singleton('^5.0.5'),
};
