import { Converter } from 'opencc-js';

/**
 * Whether a glossary spelling is written in Simplified Chinese (冷钱包, 以太币): OpenCC's
 * Simplified → Traditional (Taiwan) conversion changes it, and its Traditional → Simplified
 * conversion leaves it as it is (every character it has is already a Simplified form). The second
 * test keeps Traditional spellings whose characters OpenCC also maps (台幣: 台 → 臺) from being
 * taken for Simplified ones; Latin names and characters both scripts share never are. Such a
 * spelling is matched in article bodies (readers who write Simplified are linked) and never
 * shown on a public page (docs/product.md §3 Glossary).
 */
const toTraditional = Converter({ from: 'cn', to: 'tw' });
const toSimplified = Converter({ from: 'tw', to: 'cn' });

const HAN = /\p{Script=Han}/u;

export function isSimplifiedSpelling(spelling: string): boolean {
  if (!HAN.test(spelling)) return false;
  return toTraditional(spelling) !== spelling && toSimplified(spelling) === spelling;
}
