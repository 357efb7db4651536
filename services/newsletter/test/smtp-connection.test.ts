import { afterEach, describe, expect, it } from 'vitest';
import { SmtpConnection, SmtpReplyError } from '../src/mail/smtp/smtp-connection.js';
import { smtpData } from '../src/mail/smtp/smtp-data.js';
import type { SmtpEndpoint } from '../src/mail/smtp/smtp-endpoint.js';
import { startSmtpSink, type SinkOptions, type SmtpSink } from './support/smtp-sink.js';
import { localhostCertificate } from './support/tls-fixture.js';

const certificate = localhostCertificate();
const FROM = 'newsletter@coinmag.example';

function message(to: string, body: string): Buffer {
  return Buffer.from(`From: <${FROM}>\r\nTo: <${to}>\r\nSubject: test\r\nMessage-ID: <${to}.${Date.now()}@coinmag.example>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}\r\n`, 'utf8');
}

let sink: SmtpSink | undefined;
let connection: SmtpConnection | undefined;
afterEach(async () => {
  connection?.destroy();
  connection = undefined;
  await sink?.close();
  sink = undefined;
});

/** A sink, and a record of whether the client had been told of each email's end of data when the sink had it all. */
async function relay(options: SinkOptions) {
  const told: boolean[] = [];
  const toldAtRelay: boolean[] = [];
  sink = await startSmtpSink({ ...options, onDataEnd: () => toldAtRelay.push(told.at(-1) === true) });
  return { sink, told, toldAtRelay };
}

async function send(to: string, body: string, told: boolean[]): Promise<string> {
  told.push(false);
  return connection!.send(FROM, to, smtpData(message(to, body)), () => {
    told[told.length - 1] = true;
  });
}

describe('an SMTP connection', () => {
  it('upgrades with STARTTLS, logs in, and tells the outbox of the end of data before the relay has read it', async () => {
    const { told, toldAtRelay } = await relay({ user: 'relay-user', password: 'p@ss:word', tls: certificate });
    const endpoint: SmtpEndpoint = { host: '127.0.0.1', port: sink!.port, implicitTls: false, user: 'relay-user', password: 'p@ss:word' };
    connection = await SmtpConnection.open(endpoint, { timeoutMs: 5000, name: 'coinmag.example', tls: { ca: certificate.cert, servername: 'localhost' } });
    expect(await send('reader@example.com', '第一封', told)).toMatch(/^250 /);
    expect(await send('other@example.com', '第二封', told)).toMatch(/^250 /);
    expect(sink!.received.map((mail) => [mail.to, mail.secure, mail.parsed.text?.trim()])).toEqual([
      ['reader@example.com', true, '第一封'],
      ['other@example.com', true, '第二封'],
    ]);
    expect(toldAtRelay).toEqual([true, true]);
  });

  it('speaks TLS from the first byte to an smtps:// relay', async () => {
    const { told } = await relay({ user: 'relay-user', password: 'secret', tls: { ...certificate, implicit: true } });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: true, user: 'relay-user', password: 'secret' }, { timeoutMs: 5000, name: 'coinmag.example', tls: { ca: certificate.cert, servername: 'localhost' } });
    expect(await send('reader@example.com', 'hello', told)).toMatch(/^250 /);
    expect(sink!.received[0]!.secure).toBe(true);
  });

  it('refuses a certificate it cannot trust', async () => {
    await relay({ tls: { ...certificate, implicit: true } });
    await expect(SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: true }, { timeoutMs: 5000, name: 'coinmag.example', tls: { servername: 'localhost' } })).rejects.toThrow(/self[- ]signed|certificate/i);
  });

  it.each([
    ['after STARTTLS', false],
    ['from the first byte', true],
  ])('checks the certificate names the relay (%s): a CA it trusts, for another name, is refused', async (_case, implicit) => {
    await relay({ user: 'relay-user', password: 'secret', tls: { ...certificate, implicit } });
    // The certificate is localhost's; the relay is reached as 127.0.0.1, which it does not name.
    await expect(SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: implicit, user: 'relay-user', password: 'secret' }, { timeoutMs: 5000, name: 'coinmag.example', tls: { ca: certificate.cert } })).rejects.toThrow(/altnames|does not match|not in the cert/i);
    expect(sink!.acceptedCount).toBe(0);
  });

  it('never sends a login in clear to a relay that is not on this machine', async () => {
    await relay({ user: 'relay-user', password: 'secret', host: '::' });
    // The same server reached by an address that is not loopback's name: a relay elsewhere without STARTTLS.
    await expect(SmtpConnection.open({ host: '::ffff:127.0.0.1', port: sink!.port, implicitTls: false, user: 'relay-user', password: 'secret' }, { timeoutMs: 5000, name: 'coinmag.example' })).rejects.toThrow(
      /not sent in clear/,
    );
  });

  it('sends one command at a time to a relay without PIPELINING, and a line that starts with a dot arrives as written', async () => {
    const { told } = await relay({ hidePipelining: true });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: false }, { timeoutMs: 5000, name: 'coinmag.example' });
    await send('reader@example.com', 'line one\r\n.hidden\r\n..two dots\r\n.', told);
    expect(sink!.received[0]!.parsed.text).toBe('line one\n.hidden\n..two dots\n.\n');
  });

  it('says a refusal of the data came after its end; a refused recipient never reaches the data; the connection goes on', async () => {
    const { told } = await relay({
      dataAnswer: (to) => (to === 'full@example.com' ? '552 mailbox full' : undefined),
      answerFor: (to) => (to === 'gone@example.com' ? '550 no such user' : undefined),
    });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: false }, { timeoutMs: 5000, name: 'coinmag.example' });
    const refusedData = await send('full@example.com', 'x', told).catch((err: unknown) => err);
    expect(refusedData).toBeInstanceOf(SmtpReplyError);
    expect(refusedData).toMatchObject({ command: 'end of data', afterEndOfData: true, reply: { code: 552 } });
    expect(told).toEqual([true]);
    const refusedRecipient = await send('gone@example.com', 'x', told).catch((err: unknown) => err);
    expect(refusedRecipient).toMatchObject({ command: 'RCPT TO', afterEndOfData: false, reply: { code: 550 } });
    expect(told).toEqual([true, false]);
    expect(connection.usable).toBe(true);
    expect(await send('reader@example.com', 'still here', told)).toMatch(/^250 /);
    expect(sink!.received.map((mail) => mail.to)).toEqual(['reader@example.com']);
  });

  it.each([
    ['in clear', false],
    ['over TLS', true],
  ])('tells the end of a message larger than the kernel takes at once (%s) only once its last byte has left, not when the write began', async (_case, secure) => {
    // countOnly: 8 MB is not parsed (the suite runs beside crash tests that a busy machine disturbs).
    const { told, toldAtRelay } = await relay({ holdDataMs: 500, countOnly: true, ...(secure ? { tls: certificate } : {}) });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: false }, { timeoutMs: 5000, name: 'coinmag.example', tls: { ca: certificate.cert, servername: 'localhost' } });
    const body = Array.from({ length: 120_000 }, (_, line) => `${line} ${'x'.repeat(64)}`).join('\r\n');
    const sending = send('reader@example.com', body, told);
    // The relay reads nothing for half a second: 8 MB cannot all have left.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(told).toEqual([false]);
    expect(await sending).toMatch(/^250 /);
    expect(toldAtRelay).toEqual([true]);
    expect(sink!.acceptedCount).toBe(1);
  });

  it('refuses an address that would break the command line', async () => {
    await relay({});
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: sink!.port, implicitTls: false }, { timeoutMs: 5000, name: 'coinmag.example' });
    await expect(connection.send(FROM, 'a@example.com>\r\nRCPT TO:<b@example.com', smtpData(message('a@example.com', 'x')), () => undefined)).rejects.toThrow(/cannot be carried/);
    for (const to of ['a\0b@example.com', 'a\x1bb@example.com', 'a\x7f@example.com', 'a b@example.com']) {
      await expect(connection.send(FROM, to, smtpData(message('a@example.com', 'x')), () => undefined)).rejects.toMatchObject({ whose: 'recipient', message: /cannot be carried/ });
    }
    expect(sink!.acceptedCount).toBe(0);
  });
});
