/**
 * The island roots of this page and the island scripts still running (the carousel's timer), each
 * as how to stop it; without React: the bootstrap imports this before React loads.
 */
const unmounts: (() => void)[] = [];

export function rememberIslandRoot(unmount: () => void): void {
  unmounts.push(unmount);
}

/** Unmounts every island root and stops every island script (their timers and listeners) before the whole app takes the page. */
export function unmountIslands(): void {
  for (const unmount of unmounts.splice(0)) unmount();
}
