import net from 'node:net';
import { StringDecoder } from 'node:string_decoder';
import tls from 'node:tls';
import { isLoopback, type SmtpEndpoint } from './smtp-endpoint.js';

export interface SmtpReply {
  code: number;
  text: string;
}

/** The relay refused `command` with `reply`. `afterEndOfData`: the email's whole data had left before. */
export class SmtpReplyError extends Error {
  constructor(
    readonly command: string,
    readonly reply: SmtpReply,
    readonly afterEndOfData = false,
  ) {
    super(`${reply.code} ${reply.text.replace(/\s+/g, ' ')}`.slice(0, 280));
  }
}

/** The connection failed (refused, reset, timed out, TLS, not SMTP): nothing the relay answered. */
export class SmtpConnectionError extends Error {
  constructor(
    message: string,
    readonly afterEndOfData = false,
  ) {
    super(message);
  }
}

/**
 * The connection was lost (closed, reset, silent, or a 421 saying it closes) before the email's
 * end of data had left: the relay cannot have taken the email (RFC 5321 §4.1.1.4), so sending
 * it again on another connection sends it once.
 */
export function lostBeforeEndOfData(err: unknown): boolean {
  if (err instanceof SmtpConnectionError) return !err.afterEndOfData;
  return err instanceof SmtpReplyError && err.reply.code === 421 && !err.afterEndOfData;
}

/** An address SMTP cannot carry (a line break, or non-ASCII to a relay without SMTPUTF8): the recipient's, or our own sender's. */
export class SmtpAddressError extends Error {
  constructor(
    message: string,
    readonly whose: 'sender' | 'recipient',
  ) {
    super(`${whose}: ${message}`);
  }
}

export interface SmtpConnectionOptions {
  /** Past this long without a byte from the relay, the connection is given up. */
  timeoutMs: number;
  /** The name EHLO gives (the site's host name). */
  name: string;
  /** More TLS settings (a private relay's CA). */
  tls?: tls.ConnectionOptions;
}

interface Waiter {
  resolve: (reply: SmtpReply) => void;
  reject: (err: Error) => void;
}

const MAX_REPLY_CHARS = 64 * 1024;
const END_OF_DATA_TIMEOUT_MS = 600_000;

/**
 * One connection to the relay (RFC 5321): greeting, EHLO, STARTTLS when offered, a login, then
 * one email at a time. Written for the outbox: `send` tells its caller the moment an email's
 * data has ended (the last byte handed to the kernel), before the relay can have answered —
 * the moment the outbox records the email as handed over (docs/adr/0020).
 */
export class SmtpConnection {
  private socket!: net.Socket;
  /** Bytes to text across chunks: a character cut between two packets arrives whole. */
  private decoder = new StringDecoder('utf8');
  private pending = '';
  private lines: string[] = [];
  /** Characters of the lines read so far of a reply that goes on. */
  private linesChars = 0;
  /** Replies the commands written so far still have coming: one arriving past them was not asked for. */
  private awaiting = 1;
  private readonly replies: SmtpReply[] = [];
  private waiters: Waiter[] = [];
  private failure: SmtpConnectionError | undefined;
  private extensions = new Map<string, string>();
  private secure: boolean;
  private readonly onData = (chunk: Buffer) => this.receive(chunk);
  private readonly onError = (err: Error) => this.fail(err.message);
  private readonly onClose = () => this.fail('the relay closed the connection');
  private readonly onTimeout = () => this.fail('the relay did not answer in time');

  private constructor(
    socket: net.Socket,
    private readonly endpoint: SmtpEndpoint,
    private readonly options: SmtpConnectionOptions,
  ) {
    this.secure = endpoint.implicitTls;
    this.attach(socket);
  }

  static async open(endpoint: SmtpEndpoint, options: SmtpConnectionOptions): Promise<SmtpConnection> {
    const socket = endpoint.implicitTls
      ? tls.connect({ host: endpoint.host, port: endpoint.port, ...serverName(endpoint.host), ...options.tls })
      : net.connect({ host: endpoint.host, port: endpoint.port });
    const connection = new SmtpConnection(socket, endpoint, options);
    try {
      await connection.until(endpoint.implicitTls ? 'secureConnect' : 'connect');
      connection.expect('greeting', await connection.read(), 220);
      await connection.hello();
      if (!endpoint.implicitTls && connection.extensions.has('STARTTLS')) {
        connection.expect('STARTTLS', await connection.command('STARTTLS'), 220);
        await connection.startTls();
        await connection.hello();
      }
      if (endpoint.user !== undefined) await connection.login(endpoint.user, endpoint.password ?? '');
      return connection;
    } catch (err) {
      connection.destroy();
      throw err;
    }
  }

  /** Open, and not failed: can carry the next email. */
  get usable(): boolean {
    return this.failure === undefined && !this.socket.destroyed;
  }

  /**
   * One email: the envelope (pipelined when the relay offers PIPELINING), then `data` (built by
   * smtpData: ending with the end-of-data line) in one write. `onEndOfData` runs once the last
   * byte has left for the kernel — in the same turn as the write when it goes at once — and
   * before the relay's answer is read. Resolves with the relay's 250.
   */
  async send(from: string, to: string, data: Buffer, onEndOfData: () => void): Promise<string> {
    for (const [address, whose] of [[from, 'sender'], [to, 'recipient']] as const) {
      if (/[\x00-\x20\x7f<>\s]/.test(address)) throw new SmtpAddressError('the address cannot be carried by SMTP', whose);
      if (/[^\x00-\x7f]/.test(address) && !this.extensions.has('SMTPUTF8')) throw new SmtpAddressError('the relay takes no address beyond ASCII (no SMTPUTF8)', whose);
    }
    const international = /[^\x00-\x7f]/.test(from + to);
    const mailFrom = `MAIL FROM:<${from}>${international ? ' SMTPUTF8' : ''}`;
    const rcptTo = `RCPT TO:<${to}>`;
    let replies: SmtpReply[];
    if (this.extensions.has('PIPELINING')) {
      this.write(`${mailFrom}\r\n${rcptTo}\r\nDATA\r\n`, undefined, 3);
      replies = [await this.read(), await this.read(), await this.read()];
    } else {
      replies = [await this.command(mailFrom)];
      if (replies[0]!.code === 250) replies.push(await this.command(rcptTo));
      if (replies[1]?.code === 250 || replies[1]?.code === 251) replies.push(await this.command('DATA'));
    }
    const [mail, rcpt, dataReply] = replies;
    const refusal =
      mail!.code !== 250 ? new SmtpReplyError('MAIL FROM', mail!)
      : rcpt!.code !== 250 && rcpt!.code !== 251 ? new SmtpReplyError('RCPT TO', rcpt!)
      : dataReply!.code !== 354 ? new SmtpReplyError('DATA', dataReply!)
      : undefined;
    if (refusal) {
      // A relay that says 354 after refusing the envelope waits for data we will not send; one
      // that says 421 is closing the connection (RFC 5321 §3.8), whether or not it has yet.
      if (dataReply?.code === 354 || refusal.reply.code === 421) this.destroy();
      else await this.reset();
      throw refusal;
    }
    let ended = false;
    const endOfData = () => {
      if (ended) return;
      ended = true;
      onEndOfData();
    };
    this.write(
      data,
      (err) => {
        if (!err) endOfData();
      },
      1,
    );
    if (this.socket.writableLength === 0) endOfData();
    // The relay may take its time over a whole message: RFC 5321 §4.5.3.2.6 gives it 10 minutes,
    // and a client that gives up sooner sends the email twice when it retries (RFC 1047).
    this.socket.setTimeout(Math.max(this.options.timeoutMs, END_OF_DATA_TIMEOUT_MS));
    let answer: SmtpReply;
    try {
      answer = await this.read();
    } catch (err) {
      throw new SmtpConnectionError((err as Error).message, ended);
    } finally {
      this.socket.setTimeout(this.options.timeoutMs);
    }
    // An answer means the relay read the end of data, whatever our write's callback has not said yet.
    endOfData();
    if (answer.code !== 250) throw new SmtpReplyError('end of data', answer, true);
    return `${answer.code} ${answer.text.split('\n')[0]}`.slice(0, 300);
  }

  /** Says goodbye without waiting for the answer. */
  quit(): void {
    if (!this.usable) {
      this.socket.destroy();
      return;
    }
    this.awaiting += 1;
    this.socket.end('QUIT\r\n');
  }

  destroy(): void {
    this.fail('closed');
    this.socket.destroy();
  }

  private async reset(): Promise<void> {
    try {
      const reply = await this.command('RSET');
      if (reply.code !== 250) this.destroy();
    } catch {
      this.destroy();
    }
  }

  private async hello(): Promise<void> {
    this.extensions = new Map();
    const reply = await this.command(`EHLO ${this.options.name}`);
    if (reply.code === 250) {
      for (const line of reply.text.split('\n').slice(1)) {
        const [keyword = '', ...params] = line.trim().split(/\s+/);
        this.extensions.set(keyword.toUpperCase(), params.join(' ').toUpperCase());
      }
      return;
    }
    this.expect('HELO', await this.command(`HELO ${this.options.name}`), 250);
  }

  private async startTls(): Promise<void> {
    // Anything after the 220 came in clear, where anyone on the path could have put it: taken
    // for the relay's words once TLS is up, it would answer our next commands (CVE-2011-0411).
    if (this.pending !== '' || this.lines.length > 0 || this.replies.length > 0 || this.failure) {
      this.fail('the relay sent more after its answer to STARTTLS');
      throw this.failure!;
    }
    const plain = this.detach();
    // `host` is what the certificate must name: without it Node checks an IP relay's certificate against 'localhost'.
    const secure = tls.connect({ socket: plain, host: this.endpoint.host, ...serverName(this.endpoint.host), ...this.options.tls });
    this.decoder = new StringDecoder('utf8');
    this.attach(secure);
    await this.until('secureConnect');
    this.secure = true;
  }

  private async login(user: string, password: string): Promise<void> {
    if (!this.secure && !isLoopback(this.endpoint.host)) {
      throw new SmtpConnectionError('the relay offers no TLS: the login is not sent in clear (use smtps:// or a relay with STARTTLS)');
    }
    const methods = (this.extensions.get('AUTH') ?? '').split(' ');
    if (methods.includes('PLAIN')) {
      const token = Buffer.from(`\0${user}\0${password}`, 'utf8').toString('base64');
      this.expect('AUTH', await this.command(`AUTH PLAIN ${token}`), 235);
    } else if (methods.includes('LOGIN')) {
      this.expect('AUTH', await this.command('AUTH LOGIN'), 334);
      this.expect('AUTH', await this.command(Buffer.from(user, 'utf8').toString('base64')), 334);
      this.expect('AUTH', await this.command(Buffer.from(password, 'utf8').toString('base64')), 235);
    } else {
      throw new SmtpConnectionError('the relay offers no login we speak (AUTH PLAIN or LOGIN)');
    }
  }

  private expect(command: string, reply: SmtpReply, code: number): void {
    if (reply.code !== code) throw new SmtpReplyError(command, reply);
  }

  private command(line: string): Promise<SmtpReply> {
    this.write(`${line}\r\n`, undefined, 1);
    return this.read();
  }

  /** Writes `data`, which asks for `replies` answers. */
  private write(data: string | Buffer, done: ((err?: Error | null) => void) | undefined, replies: number): void {
    if (this.failure) throw this.failure;
    this.awaiting += replies;
    this.socket.write(data, done);
  }

  private read(): Promise<SmtpReply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** Resolves on the socket's event; rejects when the connection fails first. */
  private until(event: 'connect' | 'secureConnect'): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      const waiter: Waiter = { resolve: () => undefined, reject };
      this.waiters.push(waiter);
      this.socket.once(event, () => {
        this.waiters = this.waiters.filter((other) => other !== waiter);
        resolve();
      });
    });
  }

  private receive(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    let end: number;
    while ((end = this.pending.indexOf('\n')) >= 0) {
      const line = this.pending.slice(0, end).replace(/\r$/, '');
      this.pending = this.pending.slice(end + 1);
      const match = /^([2-5]\d\d)([ -]?)(.*)$/.exec(line);
      if (!match) return this.fail('the relay answered something that is not SMTP');
      this.lines.push(match[3]!);
      this.linesChars += line.length;
      if (match[2] === '-') continue;
      const reply = { code: Number(match[1]), text: this.lines.join('\n') };
      this.lines = [];
      this.linesChars = 0;
      if (this.awaiting === 0) {
        // A 421 unasked: the relay is closing the connection (an idle one, RFC 5321 §3.8).
        const said = reply.code === 421 ? `${reply.code} ${reply.text.replace(/\s+/g, ' ')}`.slice(0, 280) : 'the relay answered what was not asked';
        return this.fail(said);
      }
      this.awaiting -= 1;
      const waiter = this.waiters.shift();
      if (waiter) waiter.resolve(reply);
      else this.replies.push(reply);
    }
    if (this.linesChars + this.pending.length > MAX_REPLY_CHARS) this.fail('the relay answered too much');
  }

  private fail(message: string): void {
    if (!this.failure) this.failure = new SmtpConnectionError(message);
    for (const waiter of this.waiters.splice(0)) waiter.reject(this.failure);
    this.socket.destroy();
  }

  private attach(socket: net.Socket): void {
    this.socket = socket;
    socket.setTimeout(this.options.timeoutMs);
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
    socket.on('timeout', this.onTimeout);
  }

  private detach(): net.Socket {
    const socket = this.socket;
    socket.setTimeout(0);
    socket.off('data', this.onData);
    socket.off('error', this.onError);
    socket.off('close', this.onClose);
    socket.off('timeout', this.onTimeout);
    return socket;
  }
}

function serverName(host: string): { servername?: string } {
  return net.isIP(host) ? {} : { servername: host };
}
