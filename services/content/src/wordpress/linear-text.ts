/**
 * Searching a post body in time that grows with its length only: a pattern such as
 * `\[caption\][\s\S]*?\[\/caption\]` run by a regular expression starts over at every opener
 * that has no closer, and 120,000 of them cost minutes. These helpers remember what a search
 * already found (or did not), so each part of the text is read a bounded number of times.
 */

/** `text` with A–Z lowered and nothing else changed: the same length, so positions carry over. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (run) => run.toLowerCase());
}

/**
 * The next `needle` at or after a position, for callers whose positions only grow: asked again
 * before the last answer, it answers from memory (nothing lies between), and "none" stays none.
 */
export class ForwardFinder {
  private from = -1;
  private at = -2;

  constructor(
    private readonly text: string,
    private readonly needle: string,
  ) {}

  next(from: number): number {
    if (this.at !== -2 && from >= this.from && (this.at === -1 || from <= this.at)) return this.at;
    this.from = from;
    this.at = this.text.indexOf(this.needle, from);
    return this.at;
  }
}
