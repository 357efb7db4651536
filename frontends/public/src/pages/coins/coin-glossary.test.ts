import { describe, expect, it } from 'vitest';
import type { GlossaryIndex } from '@coinmag/contracts';
import { coinGlossaryTerm } from './coin-glossary';

const term = (slug: string, name: string, aliases: string[]) => ({ slug, name, aliases, definition: `${name}的解釋` });
const INDEX: GlossaryIndex = {
  groups: [
    { label: 'ㄅ', terms: [term('bitcoin', '比特幣', ['Bitcoin', 'BTC', '比特币'])] },
    { label: 'ㄧ', terms: [term('ethereum', '以太坊', ['Ethereum', 'ETH', '以太幣'])] },
    { label: 'S', terms: [term('solana', 'Solana', ['ＳＯＬ'])] },
  ],
  total: 3,
};

describe('the glossary term of a coin', () => {
  it('finds the term by the coin’s symbol or name among the term’s name and aliases', () => {
    expect(coinGlossaryTerm(INDEX, { symbol: 'btc', name: '比特幣' })?.slug).toBe('bitcoin');
    expect(coinGlossaryTerm(INDEX, { symbol: 'xxx', name: '以太幣' })?.slug).toBe('ethereum');
    expect(coinGlossaryTerm(INDEX, { symbol: 'sol', name: '索拉納' })?.slug).toBe('solana');
  });

  it('is null when the glossary has no such term, or no terms at all', () => {
    expect(coinGlossaryTerm(INDEX, { symbol: 'doge', name: '狗狗幣' })).toBeNull();
    expect(coinGlossaryTerm({ groups: [], total: 0 }, { symbol: 'btc', name: '比特幣' })).toBeNull();
  });
});
