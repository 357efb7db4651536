import type { ProviderState, Snapshot, SnapshotStore } from './snapshot.js';

/** Without Redis: one replica keeps its snapshot in memory (lost on restart, refetched at once). */
export class MemorySnapshotStore implements SnapshotStore {
  readonly kind = 'memory' as const;
  private snapshot: Snapshot | undefined;
  private readonly states = new Map<string, ProviderState>();

  async read(): Promise<Snapshot | undefined> {
    return this.snapshot;
  }

  async write(snapshot: Snapshot): Promise<void> {
    this.snapshot = snapshot;
  }

  async readStates(): Promise<ProviderState[]> {
    return [...this.states.values()];
  }

  async writeState(state: ProviderState): Promise<void> {
    this.states.set(state.name, state);
  }
}
