// The admin signing in and out again and again while the stack is rolled and its tasks killed:
// each sign-in goes from the edge to a gateway, which asks an auth replica (through its pool of auth
// replicas, so one being replaced is passed over); a sign-in or sign-out that fails is a failure.
import { adminRequestId } from './admin.js';
import { sleep } from '../compose/shell.js';

export interface SignInFailure {
  at: string;
  what: string;
  requestId: string;
  ms: number;
  detail: string;
}

export class SignIns {
  signedIn = 0;
  signedOut = 0;
  readonly failures: SignInFailure[] = [];
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly password: string,
    /** Addresses taken in turn (a success takes back its own hit on the login limit, but spread anyway). */
    private readonly addresses = ['192.0.2.40', '192.0.2.41', '192.0.2.42'],
    private readonly pauseMs = 300,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    for (let turn = 0; this.running; turn += 1) {
      const address = this.addresses[turn % this.addresses.length]!;
      const token = await this.ask('sign-in', address, '/api/admin/login', { 'content-type': 'application/json', 'x-token-delivery': 'body' }, JSON.stringify({ username: 'admin', password: this.password }), 200);
      if (token !== undefined) {
        this.signedIn += 1;
        const bearer = (JSON.parse(token) as { token: string }).token;
        if ((await this.ask('sign-out', address, '/api/admin/logout', { authorization: `Bearer ${bearer}` }, undefined, 204)) !== undefined) this.signedOut += 1;
      }
      await sleep(this.pauseMs);
    }
  }

  /** The answer's body when its status is `want`; undefined (and a failure recorded) otherwise. */
  private async ask(what: string, address: string, path: string, headers: Record<string, string>, body: string | undefined, want: number): Promise<string | undefined> {
    const requestId = adminRequestId();
    const started = Date.now();
    const fail = (detail: string) => {
      this.failures.push({ at: new Date(started).toISOString(), what, requestId, ms: Date.now() - started, detail });
      return undefined;
    };
    try {
      const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'x-forwarded-for': address, 'x-request-id': requestId }, body, signal: AbortSignal.timeout(20_000) });
      const text = await res.text();
      return res.status === want ? text : fail(`${res.status} ${text.slice(0, 200)}`);
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      return fail(`${(error as Error).message}${cause ? ` (${cause.message})` : ''}`);
    }
  }
}
