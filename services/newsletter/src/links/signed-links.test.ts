import { describe, expect, it } from 'vitest';
import { LinkSigner } from './signed-links.js';

describe('signed links', () => {
  const signer = new LinkSigner('a-secret-of-some-length');

  it('verifies its own token for the same purpose only', () => {
    const token = signer.sign({ purpose: 'manage', subscriberId: 42, version: 3 });
    expect(signer.verify(token, 'manage')).toEqual({ purpose: 'manage', subscriberId: 42, version: 3 });
    expect(signer.verify(token, 'confirm')).toBeUndefined();
  });

  it('refuses a changed id, version or MAC, and another key’s token', () => {
    const token = signer.sign({ purpose: 'confirm', subscriberId: 7, version: 1 });
    expect(signer.verify(token.replace('c7.', 'c8.'), 'confirm')).toBeUndefined();
    expect(signer.verify(token.replace('.1.', '.2.'), 'confirm')).toBeUndefined();
    expect(signer.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, 'confirm')).toBeUndefined();
    expect(new LinkSigner('another-secret-of-length').verify(token, 'confirm')).toBeUndefined();
    expect(signer.verify('', 'confirm')).toBeUndefined();
    expect(signer.verify('c7.1.<script>', 'confirm')).toBeUndefined();
  });
});
