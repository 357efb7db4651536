import { PASSWORD_MIN_LENGTH } from '@coinmag/contracts';

export interface PasswordRule {
  id: string;
  label: string;
  met: boolean;
}

/** The rules the new password is held to, as shown beside the form (the server checks the same). */
export function passwordRules(current: string, next: string, repeat: string, username = 'admin'): PasswordRule[] {
  return [
    { id: 'length', label: `至少 ${PASSWORD_MIN_LENGTH} 個字元`, met: Array.from(next).length >= PASSWORD_MIN_LENGTH },
    { id: 'different', label: '不能與目前密碼相同', met: next.length > 0 && next !== current },
    { id: 'not-username', label: '不能與帳號相同', met: next.length > 0 && next.toLowerCase() !== username.toLowerCase() },
    { id: 'not-default', label: '不能使用預設密碼', met: next.length > 0 && next !== 'admin12345' },
    { id: 'repeat', label: '兩次輸入的新密碼相同', met: next.length > 0 && next === repeat },
  ];
}

export function passwordProblem(current: string, next: string, repeat: string, username?: string): string | null {
  if (!current) return '請輸入目前密碼';
  if (!next) return '請輸入新密碼';
  const unmet = passwordRules(current, next, repeat, username).find((rule) => !rule.met);
  if (!unmet) return null;
  return unmet.id === 'repeat' ? '兩次輸入的新密碼不一致' : `新密碼${unmet.label}`;
}
