import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface ReceivedMail {
  to: string;
  /** Whether it came over TLS. */
  secure: boolean;
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SinkOptions {
  /** The login the relay requires (plain over loopback: allowInsecureAuth). */
  user?: string;
  password?: string;
  /** Keep only counts per Message-ID (a bench's 100,000 messages), not the parsed messages. */
  countOnly?: boolean;
  /** A recipient's answer: undefined accepts; `550 …` or `451 …` refuses with that code. */
  answerFor?: (recipient: string) => string | undefined | Promise<string | undefined>;
  /** Called while a message's data is arriving (before it is accepted): a test kills the sender there. */
  onDataStart?: (recipient: string, count: number) => void;
  /**
   * Called once a message's data has all arrived, before the relay answers it: a test kills the
   * sender there. A promise returned holds the answer until it settles (the relay has the email
   * and says nothing yet).
   */
  onDataEnd?: (recipient: string, count: number, messageId: string) => unknown;
  /** The answer to a message's end of data: undefined accepts; `550 …` or `451 …` refuses it. */
  dataAnswer?: (recipient: string) => string | undefined;
  /** TLS: STARTTLS offered with this key and certificate, or (implicit) TLS from the first byte. */
  tls?: { key: string; cert: string; implicit?: boolean };
  /** A relay slow to read: each message's data is left unread this long once it starts arriving. */
  holdDataMs?: number;
  /** Emails one connection may carry: the next MAIL FROM is answered 421 and the connection closed (as relays that limit it do). */
  messagesPerConnection?: number;
  /** Not advertising SMTPUTF8: an address beyond ASCII cannot be given. */
  hideSmtpUtf8?: boolean;
  /** Not advertising PIPELINING: the client sends one command at a time. */
  hidePipelining?: boolean;
  /** Where it listens: loopback on a free port unless given (test:compose's sink container listens on every address). */
  host?: string;
  port?: number;
}

/** A real SMTP server (smtp-server) in the test process: what arrives is parsed with mailparser. */
export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Message-ID → how many times it was accepted. */
  accepted: Map<string, number>;
  acceptedCount: number;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const accepted = new Map<string, number>();
  let dataStarts = 0;
  let dataEnds = 0;
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received,
    accepted,
    acceptedCount: 0,
    async waitFor(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (sink.acceptedCount < count) {
        if (Date.now() > until) throw new Error(`waited for ${count} emails, ${sink.acceptedCount} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert, secure: options.tls.implicit === true } : { disabledCommands: ['STARTTLS'] }),
    hidePIPELINING: options.hidePipelining === true,
    hideSMTPUTF8: options.hideSmtpUtf8 === true,
    allowInsecureAuth: true,
    authOptional: !options.user,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('535 authentication failed'), { responseCode: 535 }));
    },
    onMailFrom(_address, session, callback) {
      if (options.messagesPerConnection !== undefined && session.transaction > options.messagesPerConnection) {
        return callback(Object.assign(new Error('4.7.0 too many messages on this connection, closing'), { responseCode: 421 }));
      }
      callback();
    },
    onRcptTo(address: SMTPServerAddress, _session: SMTPServerSession, callback: (err?: Error | null) => void) {
      void Promise.resolve(options.answerFor?.(address.address)).then((answer) => {
        if (!answer) return callback();
        const code = Number(answer.slice(0, 3));
        callback(Object.assign(new Error(answer.slice(4)), { responseCode: code }));
      }, callback);
    },
    onData(stream, session, callback) {
      const recipient = session.envelope.rcptTo[0]?.address ?? '';
      dataStarts += 1;
      options.onDataStart?.(recipient, dataStarts);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      if (options.holdDataMs) {
        stream.pause();
        setTimeout(() => stream.resume(), options.holdDataMs);
      }
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const head = raw.subarray(0, Math.min(raw.length, 4096)).toString('latin1');
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `(none ${sink.acceptedCount})`;
        dataEnds += 1;
        const held = options.onDataEnd?.(recipient, dataEnds, messageId);
        const answer = () => {
          const refusal = options.dataAnswer?.(recipient);
          if (refusal) return callback(Object.assign(new Error(refusal.slice(4)), { responseCode: Number(refusal.slice(0, 3)) }));
          accepted.set(messageId, (accepted.get(messageId) ?? 0) + 1);
          if (options.countOnly) {
            sink.acceptedCount += 1;
            return callback();
          }
          void simpleParser(raw).then((parsed) => {
            received.push({ to: recipient, secure: session.secure, raw, parsed });
            sink.acceptedCount += 1;
            callback();
          }, callback);
        };
        if (held instanceof Promise) void held.then(answer, answer);
        else answer();
      });
    },
  });
  // A client killed mid-message resets its connection: expected here, not an error of the test.
  server.on('error', () => undefined);
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  sink.port = port;
  sink.url = options.user ? `smtp://${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? '')}@${host}:${port}` : `smtp://${host}:${port}`;
  return sink;
}
