/** The island roots of this page (without React: the bootstrap imports this before React loads). */
const unmounts: (() => void)[] = [];

export function rememberIslandRoot(unmount: () => void): void {
  unmounts.push(unmount);
}

/** Unmounts every island root (their timers and listeners stop) before the whole app takes the page. */
export function unmountIslands(): void {
  for (const unmount of unmounts.splice(0)) unmount();
}
