// Bundles a service's entry points into dist/ with esbuild: our workspace packages
// (TypeScript sources) are inlined, every npm dependency stays external and is
// loaded from node_modules at run time, so native modules (sharp, argon2) keep working.
import { build } from 'esbuild';
import { basename } from 'node:path';

const entries = process.argv.slice(2);
if (entries.length === 0) {
  console.error('usage: bundle-service.mjs <entry.ts> [...]');
  process.exit(2);
}

const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@coinmag/') ? undefined : { path: args.path, external: true }));
  },
};

await build({
  entryPoints: Object.fromEntries(entries.map((entry) => [basename(entry, '.ts'), entry])),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalNpmPackages],
});
console.log(`built ${entries.join(', ')} -> dist/`);
