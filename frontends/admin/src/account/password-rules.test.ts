import { describe, expect, it } from 'vitest';
import { passwordProblem, passwordRules } from './password-rules';

describe('password rules', () => {
  it('lists each rule with whether the new password meets it', () => {
    expect(passwordRules('old-password', 'short', 'short').filter((rule) => !rule.met).map((rule) => rule.id)).toEqual(['length']);
    expect(passwordRules('same-password', 'same-password', 'same-passwor').filter((rule) => !rule.met).map((rule) => rule.id)).toEqual(['different', 'repeat']);
    expect(passwordRules('x', 'admin12345', 'admin12345').find((rule) => rule.id === 'not-default')?.met).toBe(false);
  });

  it('names the first problem, or none', () => {
    expect(passwordProblem('', 'a', 'a')).toBe('請輸入目前密碼');
    expect(passwordProblem('old-password', 'short', 'short')).toBe('新密碼至少 10 個字元');
    expect(passwordProblem('old-password', 'a-long-new-one', 'a-long-new-two')).toBe('兩次輸入的新密碼不一致');
    expect(passwordProblem('old-password', 'a-long-new-one', 'a-long-new-one')).toBeNull();
  });
});
