import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Logs a remote that cannot be loaded and lets the error reach the caller, where the
 * error boundary turns it into a friendly message with a retry button.
 */
export default function federationRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'coinmag-remote-errors',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[shell] remote ${id} failed at ${lifecycle}`, error);
      throw error instanceof Error ? error : new Error(`remote ${id} failed to load`);
    },
  };
}
