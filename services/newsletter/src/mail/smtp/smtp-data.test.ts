import { describe, expect, it } from 'vitest';
import { smtpData } from './smtp-data.js';

describe('a message as the DATA phase carries it', () => {
  it('ends every line with CRLF, a bare CR too, so no receiver finds an end of data we did not write (SMTP smuggling)', () => {
    const data = smtpData(Buffer.from('a\n.\nb\r.\rc\r\n.\r\nd', 'latin1')).toString('latin1');
    expect(data).toBe('a\r\n..\r\nb\r\n..\r\nc\r\n..\r\nd\r\n.\r\n');
    // The only end-of-data line is the last.
    expect(data.indexOf('\r\n.\r\n')).toBe(data.length - 5);
    expect(data.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('a line that starts with a dot gets a second one, the first line too', () => {
    expect(smtpData(Buffer.from('.first\r\nsecond\r\n', 'latin1')).toString('latin1')).toBe('..first\r\nsecond\r\n.\r\n');
  });
});
