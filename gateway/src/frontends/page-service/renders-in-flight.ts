/**
 * The pages being rendered, by cache key: a page view that misses the cache while its page is
 * being rendered waits for that rendering and answers from the cache, instead of rendering the
 * page again. When a popular page's cached copy expires, fifty page views in flight made fifty
 * renderings at once (each a content call and a React render), a CPU stall every view waited on.
 */
export class RendersInFlight {
  private readonly pending = new Map<string, Promise<void>>();

  /** Waits for the rendering of `key` under way, if there is one; true when there was. */
  async waitFor(key: string): Promise<boolean> {
    const rendering = this.pending.get(key);
    if (!rendering) return false;
    await rendering;
    return true;
  }

  /** Marks `key` as being rendered until the function returned is called (once or more). */
  start(key: string): () => void {
    let end!: () => void;
    const rendering = new Promise<void>((resolve) => (end = resolve));
    this.pending.set(key, rendering);
    return () => {
      if (this.pending.get(key) === rendering) this.pending.delete(key);
      end();
    };
  }
}
