/**
 * Remote modules already in hand: loaded before hydration in the browser, or given by the
 * server renderer. A route whose remote is here renders it at once, so the first render matches
 * the server's HTML instead of showing a spinner.
 */
const loaded = new Map<string, unknown>();

export function rememberRemote(alias: string, exposed: string, module: unknown): void {
  loaded.set(`${alias}:${exposed}`, module);
}

export function loadedRemote<T>(alias: string, exposed: string): T | undefined {
  return loaded.get(`${alias}:${exposed}`) as T | undefined;
}
