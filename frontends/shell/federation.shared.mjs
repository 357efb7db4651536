// The singletons every frontend shares. Kept in one file per frontend on purpose: remotes
// must be buildable alone, so each copies this list (same keys, same versions).
const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
export const sharedSingletons = {
  react: singleton('^19.1.0'),
  'react/': singleton('^19.1.0'),
  'react-dom': singleton('^19.1.0'),
  'react-dom/': singleton('^19.1.0'),
  'react-router-dom': singleton('^7.6.0'),
  zustand: singleton('^5.0.5'),
};
