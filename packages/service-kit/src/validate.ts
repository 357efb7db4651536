import type { z } from 'zod';
import { ValidationError } from './errors.js';

/** Parses input with a contract schema; the first problem becomes a 400 naming its field. */
export function parseInput<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  if (issue?.code === 'unrecognized_keys') {
    throw new ValidationError(undefined, `不支援的欄位：${issue.keys.join(', ')}`);
  }
  const message = issue?.message && !/^(Required|Expected|Invalid)/.test(issue.message)
    ? issue.message
    : `${field ?? '輸入'} 格式不正確`;
  throw new ValidationError(field, message);
}
