/**
 * A MIME message as the DATA phase carries it (RFC 5321 §4.5.2): every line break CRLF (a bare CR
 * or LF too: a receiver that takes `<CR>.<CR>` for an end lets a message smuggle another), a line
 * that starts with "." given a second one, and the end-of-data line "." after it. Built once per
 * email before its batch goes, so sending is one write.
 */
export function smtpData(message: Buffer): Buffer {
  const text = message.toString('latin1').replace(/\r\n|\r|\n/g, '\r\n').replace(/(^|\r\n)\./g, '$1..');
  return Buffer.from(text.endsWith('\r\n') ? `${text}.\r\n` : `${text}\r\n.\r\n`, 'latin1');
}
