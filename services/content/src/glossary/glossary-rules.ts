import { GLOSSARY_LIMITS } from '@coinmag/contracts';
import { assertSafeText, ValidationError } from '@coinmag/service-kit';
import { isLatinSpelling, spellingKey } from './glossary-matcher.js';

/** Characters a spelling may not hold: they would have to be matched through HTML escapes. */
const UNSAFE_SPELLING = /[<>&"]/;

/** A name or alias as stored (spaces collapsed), or a refusal naming it. */
export function cleanSpelling(field: 'name' | 'aliases', raw: string): string {
  assertSafeText(field, raw);
  const spelling = raw.trim().replace(/\s+/g, ' ');
  const label = field === 'name' ? '名稱' : `別名「${spelling}」`;
  if (!spelling) throw new ValidationError(field, field === 'name' ? '請輸入名稱' : '別名不能為空');
  if (UNSAFE_SPELLING.test(spelling)) throw new ValidationError(field, `${label}不可包含 < > & " 符號`);
  if (Array.from(spelling).length > GLOSSARY_LIMITS.name) throw new ValidationError(field, `${label}最多 ${GLOSSARY_LIMITS.name} 個字`);
  const key = spellingKey(spelling);
  // Letters, digits and Chinese characters count (not spaces or marks): 「幣」 or 「X」 would link everywhere; 「K線」 and 「L2」 are fine.
  const counted = Array.from(key.replace(/[^\p{L}\p{N}]/gu, '')).length;
  if (counted < GLOSSARY_LIMITS.spellingMin) {
    throw new ValidationError(field, isLatinSpelling(spelling) ? `${label}至少要有 ${GLOSSARY_LIMITS.spellingMin} 個字母` : `${label}至少要有 ${GLOSSARY_LIMITS.spellingMin} 個字`);
  }
  return spelling;
}

/** The one-line definition: plain text, one line, at most 120 characters. */
export function cleanDefinition(raw: string): string {
  assertSafeText('definition', raw);
  const definition = raw.replace(/\s+/g, ' ').trim();
  if (!definition) throw new ValidationError('definition', '請輸入一句話定義');
  if (/[<>]/.test(definition)) throw new ValidationError('definition', '一句話定義是純文字，不可包含 < > 符號');
  if (Array.from(definition).length > GLOSSARY_LIMITS.definition) throw new ValidationError('definition', `一句話定義最多 ${GLOSSARY_LIMITS.definition} 個字`);
  return definition;
}

/** Name first, then aliases: trimmed, empties refused, repeats of one spelling (same key) dropped. */
export function cleanSpellings(name: string, aliases: string[]): { name: string; aliases: string[] } {
  const cleanName = cleanSpelling('name', name);
  const seen = new Set([spellingKey(cleanName)]);
  const kept: string[] = [];
  for (const alias of aliases) {
    const spelling = cleanSpelling('aliases', alias);
    const key = spellingKey(spelling);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(spelling);
  }
  if (kept.length > GLOSSARY_LIMITS.aliases) throw new ValidationError('aliases', `別名最多 ${GLOSSARY_LIMITS.aliases} 個`);
  return { name: cleanName, aliases: kept };
}

/** The refusal when a spelling already names another term. */
export function spellingTakenMessage(spelling: string, owner: { term_name: string; is_name: boolean }): string {
  return owner.is_name ? `「${spelling}」已是術語「${owner.term_name}」的名稱` : `「${spelling}」已是「${owner.term_name}」的別名`;
}

/** POSIX regular expressions that find a spelling in an article's search_text (NFKC, lower-cased): Latin ones as whole words. */
export function searchTextPattern(spelling: string): string {
  const key = spelling.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const before = /^[a-z0-9]/.test(key) ? '(^|[^a-z0-9])' : '';
  const after = /[a-z0-9]$/.test(key) ? '($|[^a-z0-9])' : '';
  return `${before}${escaped}${after}`;
}
