// One compose project of the repository's real docker-compose.yml: up, health, exec, restart, down.
import type { Engine } from './engine.js';
import { sleep, type RunOptions, type Shell } from './shell.js';

export interface ContainerState {
  service: string;
  status: string;
  exitCode: number;
  health: string;
  restartPolicy: string;
}

export class ComposeStack {
  constructor(
    private readonly engine: Engine,
    private readonly shell: Shell,
    /** `extraFiles`: compose files given after the repository's (the test's stand-ins of outside parties). */
    private readonly options: { root: string; composeFile: string; extraFiles?: string[]; envFile: string; project: string },
  ) {}

  private args(rest: string[]): [string, string[]] {
    const [command, ...first] = this.engine.compose;
    const { root, composeFile, extraFiles = [], envFile, project } = this.options;
    const files = [composeFile, ...extraFiles].flatMap((file) => ['--file', file]);
    return [command!, [...first, '--project-name', project, '--project-directory', root, ...files, '--env-file', envFile, ...rest]];
  }

  compose(rest: string[], options: RunOptions = {}) {
    const [command, args] = this.args(rest);
    return this.shell.run(command, args, { env: this.engine.env, cwd: this.options.root, ...options });
  }

  mustCompose(rest: string[], options: RunOptions = {}): string {
    const [command, args] = this.args(rest);
    return this.shell.must(command, args, { env: this.engine.env, cwd: this.options.root, ...options });
  }

  /**
   * `up` on the project's default network made here first, plain. docker-compose v1 makes its
   * networks attachable, and an engine leaving a swarm disconnects every container from
   * attachable networks: test:swarm ending on the same engine cut this stack off. Compose uses a
   * network of the name it would give that already exists, and `down` removes it.
   */
  up(rest: string[], options: RunOptions = {}): string {
    const network = `${this.options.project}_default`;
    const docker = (args: string[]) => this.shell.run(this.engine.docker, args, { env: this.engine.env, quiet: true });
    if (docker(['network', 'inspect', network]).code !== 0) {
      this.shell.must(this.engine.docker, ['network', 'create', '--driver', 'bridge', '--label', `com.docker.compose.project=${this.options.project}`, '--label', 'com.docker.compose.network=default', network], { env: this.engine.env });
    }
    return this.mustCompose(['up', ...rest], options);
  }

  services(): string[] {
    return this.mustCompose(['config', '--services'], { quiet: true }).split('\n').map((s) => s.trim()).filter(Boolean);
  }

  /** By compose's labels, with the docker CLI (much quicker than asking compose). */
  containerId(service: string): string | undefined {
    const filters = ['--filter', `label=com.docker.compose.project=${this.options.project}`, '--filter', `label=com.docker.compose.service=${service}`];
    return this.shell.run(this.engine.docker, ['ps', '-aq', ...filters], { env: this.engine.env, quiet: true }).stdout.trim().split('\n')[0] || undefined;
  }

  state(service: string): ContainerState | undefined {
    const id = this.containerId(service);
    if (!id) return undefined;
    const format = '{{.State.Status}}|{{.State.ExitCode}}|{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}|{{.HostConfig.RestartPolicy.Name}}';
    const out = this.shell.run(this.engine.docker, ['inspect', '--format', format, id], { env: this.engine.env, quiet: true });
    if (out.code !== 0) return undefined;
    const [status = '', exitCode = '0', health = '', restartPolicy = ''] = out.stdout.trim().split('|');
    return { service, status, exitCode: Number(exitCode), health, restartPolicy };
  }

  inspect(service: string, format: string): string {
    const id = this.containerId(service);
    if (!id) throw new Error(`${service} has no container`);
    return this.shell.must(this.engine.docker, ['inspect', '--format', format, id], { env: this.engine.env, quiet: true }).trim();
  }

  /** Waits until every long-running service is healthy (or running, without a check) and every one-shot step exited 0. */
  async waitHealthy(services: string[], timeoutMs: number): Promise<ContainerState[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const states = services.map((service) => this.state(service) ?? { service, status: 'missing', exitCode: 0, health: 'none', restartPolicy: '' });
      const failed = states.find((s) => s.status === 'exited' && (s.restartPolicy === 'no' || s.restartPolicy === '') && s.exitCode !== 0);
      if (failed) throw new Error(`${failed.service} exited with ${failed.exitCode}:\n${this.logs(failed.service)}`);
      const done = (s: ContainerState) =>
        s.restartPolicy === 'no' || s.restartPolicy === '' ? s.status === 'exited' && s.exitCode === 0 : s.status === 'running' && (s.health === 'healthy' || s.health === 'none');
      if (states.every(done)) return states;
      if (Date.now() > deadline) {
        const waiting = states.filter((s) => !done(s));
        throw new Error(`not healthy after ${timeoutMs / 1000} s: ${waiting.map((s) => `${s.service} ${s.status}/${s.health}`).join(', ')}\n${waiting.map((s) => this.logs(s.service)).join('\n')}`);
      }
      await sleep(1000);
    }
  }

  logs(service: string, lines = 30): string {
    const out = this.compose(['logs', '--no-color', '--tail', String(lines), service], { quiet: true });
    return `--- ${service} (last ${lines} lines)\n${out.stdout}${out.stderr}`;
  }

  /** A command in a running service's container (no TTY), with `input` on its standard input. */
  exec(service: string, command: string[], input?: string) {
    const id = this.containerId(service);
    if (!id) throw new Error(`${service} has no container`);
    return this.shell.run(this.engine.docker, ['exec', ...(input === undefined ? [] : ['-i']), id, ...command], { env: this.engine.env, quiet: true, timeoutMs: 60_000, input });
  }

  /** The project's volumes, by compose's label. */
  volumes(): string[] {
    const out = this.shell.must(this.engine.docker, ['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${this.options.project}`], { env: this.engine.env, quiet: true });
    return out.split('\n').map((s) => s.trim()).filter(Boolean);
  }

  removeVolume(name: string): void {
    this.shell.must(this.engine.docker, ['volume', 'rm', name], { env: this.engine.env });
  }

  down(): void {
    this.compose(['down', '--volumes', '--remove-orphans', '--timeout', '10'], { timeoutMs: 5 * 60_000 });
  }
}
