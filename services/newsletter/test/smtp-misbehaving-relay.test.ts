import { afterEach, describe, expect, it } from 'vitest';
import { lostBeforeEndOfData, SmtpConnection, SmtpConnectionError } from '../src/mail/smtp/smtp-connection.js';
import { smtpData } from '../src/mail/smtp/smtp-data.js';
import { startScriptedRelay, writeByteByByte, type ScriptedPeer, type ScriptedRelay } from './support/scripted-relay.js';
import { localhostCertificate } from './support/tls-fixture.js';

const certificate = localhostCertificate();
const FROM = 'newsletter@coinmag.example';
const OPTIONS = { timeoutMs: 5000, name: 'coinmag.example' };
const DATA = smtpData(Buffer.from('Subject: x\r\n\r\nhello\r\n'));

let relay: ScriptedRelay | undefined;
let connection: SmtpConnection | undefined;
afterEach(async () => {
  connection?.destroy();
  connection = undefined;
  await relay?.close();
  expect(relay?.errors ?? []).toEqual([]);
  relay = undefined;
});

/** Greeting and EHLO as a well-behaved relay gives them. */
async function hello(peer: ScriptedPeer, extensions: string[] = ['PIPELINING']): Promise<void> {
  await peer.write('220 relay.example ESMTP\r\n');
  expect(await peer.line()).toBe('EHLO coinmag.example');
  await peer.write(['relay.example', ...extensions].map((line, i, all) => `250${i === all.length - 1 ? ' ' : '-'}${line}\r\n`).join(''));
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('an SMTP connection to a relay that misbehaves', () => {
  it('reads replies cut anywhere (one byte a segment, inside a character) and several replies in one segment', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await writeByteByByte(peer, '220 relay.example ESMTP 歡迎\r\n');
      expect(await peer.line()).toBe('EHLO coinmag.example');
      await writeByteByByte(peer, '250-relay.example\r\n250-PIPELINING\r\n250 8BITMIME\r\n');
      expect([await peer.line(), await peer.line(), await peer.line()]).toEqual(['MAIL FROM:<newsletter@coinmag.example>', 'RCPT TO:<reader@example.com>', 'DATA']);
      await peer.write('250 ok\r\n250 ok\r\n354 go on\r\n');
      while ((await peer.line()) !== '.');
      // Cut inside a character, the halves apart long enough to arrive apart.
      const answer = Buffer.from('250 2.0.0 已收下 queued as 1\r\n', 'utf8');
      await peer.write(answer.subarray(0, 11));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await peer.write(answer.subarray(11));
    });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS);
    expect(await connection.send(FROM, 'reader@example.com', DATA, () => undefined)).toBe('250 2.0.0 已收下 queued as 1');
  });

  it.each([
    ['whole replies', '250-relay.example\r\n250 AUTH PLAIN\r\n'],
    ['a line not ended', '250-relay.example\r\n250 AUTH PL'],
  ])('takes nothing the relay slipped in after its answer to STARTTLS (%s) as said inside TLS: no login goes', async (_case, injected) => {
    const received: string[] = [];
    relay = await startScriptedRelay(async (peer) => {
      await hello(peer, ['STARTTLS']);
      expect(await peer.line()).toBe('STARTTLS');
      // In clear, after the 220: a man in the middle's EHLO answer, offering a login.
      await peer.write(`220 go ahead\r\n${injected}`);
      await peer.startTls(certificate);
      for (;;) {
        const line = await peer.line();
        received.push(line);
        await peer.write(line.startsWith('EHLO') ? '250-relay.example\r\n250 AUTH PLAIN\r\n' : '235 ok\r\n');
      }
    });
    const opening = SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false, user: 'relay-user', password: 'secret' }, { ...OPTIONS, tls: { ca: certificate.cert, servername: 'localhost' } });
    await expect(opening).rejects.toThrow(/after its answer to STARTTLS|not asked/);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.filter((line) => line.startsWith('AUTH'))).toEqual([]);
  });

  it('gives up on a reply that never ends long before it has read a megabyte', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await peer.write('220 relay.example ESMTP\r\n');
      await peer.line();
      const line = `250-${'x'.repeat(16 * 1024)}\r\n`;
      while (!peer.closed && peer.written < 64 * 1024 * 1024) await peer.write(line);
      expect(peer.written).toBeLessThan(1024 * 1024);
    });
    await expect(SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS)).rejects.toThrow(/too much/);
  });

  it('gives up on a relay that answers what was not asked, rather than queueing its replies', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await hello(peer);
      const flood = '250 ok\r\n'.repeat(8192);
      while (!peer.closed && peer.written < 64 * 1024 * 1024) await peer.write(flood);
      expect(peer.written).toBeLessThan(1024 * 1024);
    });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS);
    await until(() => !connection!.usable);
    expect(connection.usable).toBe(false);
  });

  it('a 421 the relay sends between emails (an idle connection it is closing) makes the connection unusable at once', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await hello(peer);
      await peer.write('421 4.4.2 relay.example idle too long, closing\r\n');
      // The close itself comes late: until it does, the connection must not carry an email.
      await new Promise((resolve) => setTimeout(resolve, 2000));
    });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS);
    await until(() => !connection!.usable, 1000);
    expect(connection.usable).toBe(false);
  });

  it('a connection dropped mid-envelope lost the email before its end (safe to send again at once); one dropped after the end of data did not', async () => {
    relay = await startScriptedRelay(async (peer, index) => {
      await hello(peer);
      expect(await peer.line()).toMatch(/^MAIL FROM/);
      await peer.line();
      await peer.line();
      if (index === 0) {
        await peer.write('250 ok\r\n');
        return peer.end();
      }
      await peer.write('250 ok\r\n250 ok\r\n354 go on\r\n');
      while ((await peer.line()) !== '.');
      peer.end();
    });
    for (const expected of [{ lost: true, told: false }, { lost: false, told: true }]) {
      connection = await SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS);
      let endOfData = false;
      const err = await connection.send(FROM, 'reader@example.com', DATA, () => (endOfData = true)).catch((caught: unknown) => caught);
      expect(err).toBeInstanceOf(SmtpConnectionError);
      expect(lostBeforeEndOfData(err)).toBe(expected.lost);
      expect(endOfData).toBe(expected.told);
    }
  });

  it('a 421 to a command closes the connection on our side too, even when the relay keeps it open', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await hello(peer, []);
      expect(await peer.line()).toMatch(/^MAIL FROM/);
      await peer.write('421 4.7.0 too many messages on this connection\r\n');
      for (;;) {
        const line = await peer.line();
        await peer.write(line === 'RSET' ? '250 ok\r\n' : '503 bad sequence\r\n');
      }
    });
    connection = await SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS);
    const err = await connection.send(FROM, 'reader@example.com', DATA, () => undefined).catch((caught: unknown) => caught);
    expect(lostBeforeEndOfData(err)).toBe(true);
    expect(connection.usable).toBe(false);
  });

  it('refuses a relay that does not speak SMTP', async () => {
    relay = await startScriptedRelay(async (peer) => {
      await peer.write('HTTP/1.1 400 Bad Request\r\n\r\n');
    });
    await expect(SmtpConnection.open({ host: '127.0.0.1', port: relay.port, implicitTls: false }, OPTIONS)).rejects.toThrow(/not SMTP/);
  });
});
