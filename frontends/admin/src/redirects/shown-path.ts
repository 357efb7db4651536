/** A site path as the editor reads it: escapes decoded (/article/比特幣, not %E6…); as sent when it cannot be decoded. */
export function shownPath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
