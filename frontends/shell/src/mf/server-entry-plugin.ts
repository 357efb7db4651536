import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

// Node's own require in the server bundle (webpack leaves this name alone).
declare const __non_webpack_require__: NodeJS.Require;

/**
 * Server bundle only: a remote whose entry is a `file:` URL (the remote built beside the gateway) is
 * required from the disk, fresh after a rebuild, so its chunks load from beside it. Any other entry
 * takes the runtime's usual way (fetched over HTTP and run).
 */
export default function serverEntryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'coinmag-server-entry',
    async loadEntry({ remoteInfo }) {
      if (!remoteInfo.entry.startsWith('file:')) return undefined as never;
      const { fileURLToPath } = __non_webpack_require__('node:url') as typeof import('node:url');
      const file = fileURLToPath(new URL(remoteInfo.entry));
      delete __non_webpack_require__.cache[__non_webpack_require__.resolve(file)];
      const exported = __non_webpack_require__(file) as Record<string, unknown>;
      // A commonjs-module container is the module's exports, or a property named after the remote.
      return (exported[remoteInfo.entryGlobalName] ?? exported) as never;
    },
  };
}
