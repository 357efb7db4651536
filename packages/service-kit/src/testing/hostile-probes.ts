import { hasUnsafeText } from '../text-guard.js';

/** A hostile value as a failure list shows it: short and printable. */
export const showHostile = (value: unknown): string => JSON.stringify(value)?.slice(0, 40) ?? String(value);

/** What the service receives: a form or a URL carries a lone surrogate as U+FFFD (only JSON can spell one out). */
export const unsafeOnTheWire = (value: string): boolean => hasUnsafeText(value.replace(/\p{Cs}/gu, '\ufffd'));

export interface HostileProbes {
  /** Every probe that went wrong, as "<status> <label>"; a test expects it empty. */
  readonly failures: string[];
  /** Awaits the answer; a 5xx fails, and so does anything but a 400 when `unsafe` (a value no field may hold). */
  check(label: string, unsafe: boolean, response: Promise<Response>): Promise<void>;
}

export function hostileProbes(): HostileProbes {
  const failures: string[] = [];
  return {
    failures,
    async check(label, unsafe, response) {
      const { status } = await response;
      if (status >= 500 || (unsafe && status !== 400)) failures.push(`${status} ${label}`);
    },
  };
}
