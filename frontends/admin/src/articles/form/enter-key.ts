/** What a keydown in the article form looked like, enough to decide about implicit submission. */
export interface EnterKeyTarget {
  key: string;
  tagName: string;
  /** The input's type attribute, for inputs. */
  type?: string;
  /** True inside the rich-text editor (a contenteditable). */
  inEditor: boolean;
  /** IME composition in progress: Enter picks a candidate, it submits nothing. */
  composing?: boolean;
  /** Inside a dialog opened over the form (link, fallback image): that dialog's own form decides. */
  inDialog?: boolean;
}

const BUTTON_INPUT_TYPES = new Set(['submit', 'button', 'reset', 'image']);

/**
 * Enter does not submit the article form unless focus is in the editor or a text area
 * (docs/product.md §2). Buttons keep their Enter so the form stays keyboard usable.
 */
export function shouldBlockEnter(target: EnterKeyTarget): boolean {
  if (target.key !== 'Enter' || target.composing) return false;
  if (target.inEditor || target.inDialog) return false;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'BUTTON' || tag === 'A') return false;
  if (tag === 'INPUT' && BUTTON_INPUT_TYPES.has((target.type ?? 'text').toLowerCase())) return false;
  return true;
}
