// One Docker Swarm for the test: this engine as a one-node swarm, one stack deployed from the
// repository's stack file, its services and tasks as Swarm reports them, and leaving the swarm.
import { spawnSync } from 'node:child_process';
import type { Engine } from '../compose/engine.js';
import { sleep, type Shell } from '../compose/shell.js';
import { DEPLOYABLES } from './images.js';

/** Put on the node at init, so a later run knows a swarm left active was one of ours. */
const NODE_LABEL = 'org.coinmag.swarm-test';

export interface ServiceState {
  name: string;
  mode: string;
  replicas: string;
  image: string;
}

export class Swarm {
  constructor(
    private readonly engine: Engine,
    private readonly shell: Shell,
    readonly stack: string,
  ) {}

  docker(args: string[], options: { quiet?: boolean; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): string {
    return this.shell.must(this.engine.docker, args, { env: { ...this.engine.env, ...options.env }, quiet: options.quiet, timeoutMs: options.timeoutMs });
  }

  private state(): string {
    return this.shell.run(this.engine.docker, ['info', '--format', '{{.Swarm.LocalNodeState}}'], { env: this.engine.env, quiet: true }).stdout.trim();
  }

  /** A one-node swarm on the loopback address; a swarm a killed run left is left first, any other refused. */
  init(): void {
    if (this.state() === 'active') {
      const label = this.shell.run(this.engine.docker, ['node', 'inspect', 'self', '--format', `{{index .Spec.Labels "${NODE_LABEL}"}}`], { env: this.engine.env, quiet: true }).stdout.trim();
      if (!label || label === '<no value>') throw new Error('this engine is already in a swarm the test did not create: leave it first (docker swarm leave --force)');
      process.stdout.write(`swarm: leaving the swarm a killed run (${label}) left\n`);
      this.leave();
    }
    this.removeVolumes();
    // Overlay subnets from a pool of the test's own, away from Swarm's default 10.0.0.0/8 one: a
    // network an engine kept from an earlier swarm (see leave) would otherwise overlap them.
    this.docker(['swarm', 'init', '--advertise-addr', '127.0.0.1', '--default-addr-pool', '10.231.0.0/16', '--default-addr-pool-mask-length', '24']);
    // A stale overlay network can be removed only by a manager.
    this.removeVolumes();
    const node = this.docker(['info', '--format', '{{.Swarm.NodeID}}'], { quiet: true }).trim();
    this.docker(['node', 'update', '--label-add', `${NODE_LABEL}=${process.pid}`, node]);
  }

  /**
   * Removes the stack while still a manager and waits (bounded) for its networks to go, then
   * leaves the swarm and removes the stack's volumes. Leaving with the stack up can strand an
   * overlay network's load-balancer endpoint in Docker 20.10: a network of the stack's name then
   * outlives the swarm, no later swarm can remove it, and every later deploy of that name fails.
   */
  leave(): void {
    if (this.state() === 'active') {
      this.shell.run(this.engine.docker, ['stack', 'rm', this.stack], { env: this.engine.env, timeoutMs: 2 * 60_000 });
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const left = this.shell.run(this.engine.docker, ['network', 'ls', '-q', '--filter', `name=${this.stack}_`], { env: this.engine.env, quiet: true }).stdout.trim();
        if (!left) break;
        spawnSync('sleep', ['1']);
      }
    }
    this.shell.run(this.engine.docker, ['swarm', 'leave', '--force'], { env: this.engine.env, timeoutMs: 2 * 60_000 });
    this.removeVolumes();
  }

  /** The stack's named volumes and networks, once no container uses them (a killed run's too). */
  private removeVolumes(): void {
    const label = `label=com.docker.stack.namespace=${this.stack}`;
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const inUse = this.shell.run(this.engine.docker, ['ps', '-aq', '--filter', label], { env: this.engine.env, quiet: true }).stdout.trim();
      if (!inUse) break;
      spawnSync('sleep', ['1']);
    }
    const volumes = this.shell.run(this.engine.docker, ['volume', 'ls', '-q', '--filter', label], { env: this.engine.env, quiet: true }).stdout.split('\n').filter(Boolean);
    if (volumes.length > 0) this.shell.run(this.engine.docker, ['volume', 'rm', '--force', ...volumes], { env: this.engine.env, timeoutMs: 60_000 });
    // An overlay network can outlive the swarm it belonged to (seen with Docker 20.10); a later
    // deploy then takes it for its own and fails.
    const networks = this.shell.run(this.engine.docker, ['network', 'ls', '-q', '--filter', `name=${this.stack}_`], { env: this.engine.env, quiet: true }).stdout.split('\n').filter(Boolean);
    if (networks.length > 0) this.shell.run(this.engine.docker, ['network', 'rm', ...networks], { env: this.engine.env, timeoutMs: 60_000 });
  }

  /** `extraFiles`: stack files merged after `stackFile` (the test's stand-ins of outside parties). */
  deploy(stackFile: string, env: Record<string, string>, extraFiles: string[] = []): void {
    const files = [stackFile, ...extraFiles].flatMap((file) => ['-c', file]);
    this.docker(['stack', 'deploy', '--prune', '--resolve-image', 'never', ...files, this.stack], { env, timeoutMs: 5 * 60_000 });
  }

  services(): ServiceState[] {
    const out = this.docker(['service', 'ls', '--filter', `label=com.docker.stack.namespace=${this.stack}`, '--format', '{{.Name}}|{{.Mode}}|{{.Replicas}}|{{.Image}}'], { quiet: true });
    return out.split('\n').filter(Boolean).map((line) => {
      const [name = '', mode = '', replicas = '', image = ''] = line.split('|');
      return { name: name.slice(this.stack.length + 1), mode, replicas, image };
    });
  }

  /** The state of each task Swarm wants running or complete, e.g. "Running 5 seconds ago". */
  tasks(service: string): Array<{ image: string; state: string; desired: string; error: string }> {
    const out = this.docker(['service', 'ps', '--no-trunc', '--format', '{{.Image}}|{{.CurrentState}}|{{.DesiredState}}|{{.Error}}', `${this.stack}_${service}`], { quiet: true });
    return out.split('\n').filter(Boolean).map((line) => {
      const [image = '', state = '', desired = '', error = ''] = line.split('|');
      return { image, state, desired, error };
    });
  }

  updateState(service: string): string {
    return this.docker(['service', 'inspect', '--format', '{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', `${this.stack}_${service}`], { quiet: true }).trim();
  }

  /** Running containers of a service's tasks on this node. */
  containers(service: string): string[] {
    return this.docker(['ps', '-q', '--filter', `label=com.docker.swarm.service.name=${this.stack}_${service}`, '--filter', 'status=running'], { quiet: true }).split('\n').filter(Boolean);
  }

  /** Every container of a service's tasks on this node, stopped ones too (Swarm keeps a few per slot). */
  allContainers(service: string): Array<{ id: string; image: string }> {
    const out = this.docker(['ps', '-a', '--no-trunc', '--filter', `label=com.docker.swarm.service.name=${this.stack}_${service}`, '--format', '{{.ID}}|{{.Image}}'], { quiet: true });
    return out.split('\n').filter(Boolean).map((line) => {
      const [id = '', image = ''] = line.split('|');
      return { id, image };
    });
  }

  /** A container's whole log (the services log JSON lines to stdout). */
  /** A service's output, its standard output and error both (a one-off's report and its failure). */
  logsOf(service: string): string {
    const result = this.shell.run(this.engine.docker, ['service', 'logs', '--raw', service], { env: this.engine.env, quiet: true });
    return `${result.stdout}${result.stderr}`;
  }

  containerLogs(container: string): string {
    return this.shell.run(this.engine.docker, ['logs', container], { env: this.engine.env, quiet: true, timeoutMs: 30_000 }).stdout;
  }

  exec(container: string, command: string[]): string {
    return this.docker(['exec', container, ...command], { quiet: true, timeoutMs: 60_000 });
  }

  logs(service: string, lines = 40): string {
    return this.shell.run(this.engine.docker, ['service', 'logs', '--no-task-ids', '--tail', String(lines), `${this.stack}_${service}`], { env: this.engine.env, quiet: true, timeoutMs: 30_000 }).stdout;
  }

  /** Every task of the stack in one call: service, image, desired and current state. */
  stackTasks(): Array<{ service: string; image: string; desired: string; state: string; error: string }> {
    const out = this.docker(['stack', 'ps', '--no-trunc', '--format', '{{.Name}}|{{.Image}}|{{.DesiredState}}|{{.CurrentState}}|{{.Error}}', this.stack], { quiet: true });
    return out.split('\n').filter(Boolean).map((line) => {
      const [name = '', image = '', desired = '', state = '', error = ''] = line.split('|');
      // "coinmag_content.2" or, for a global service, "coinmag_edge.<node id>"; "\_ …" for older tasks.
      const service = name.replace(/^\W*\s*/, '').slice(this.stack.length + 1).replace(/\.[^.]*$/, '');
      return { service, image, desired, state, error };
    });
  }

  /**
   * Waits until every service runs its desired replicas (healthy: Swarm counts a task with a
   * health check only once it passes) and only on `tag` (our images), no update in progress, and
   * each one-off step completed on `tag`. Three docker calls a round: the machine is small.
   */
  async converged(oneOffs: string[], timeoutMs: number, tag: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const services = this.services();
      const tasks = this.stackTasks();
      const updates = new Map(
        this.docker(['service', 'inspect', '--format', '{{.Spec.Name}}|{{if .UpdateStatus}}{{.UpdateStatus.State}}{{end}}', ...services.map((s) => `${this.stack}_${s.name}`)], { quiet: true })
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.split('|')[0]!.slice(this.stack.length + 1), line.split('|')[1] ?? ''] as const),
      );
      // The deployables carry the release's tag; the Postgres image (WAL archiving) is tagged apart.
      const ours = (image: string) => Object.keys(DEPLOYABLES).some((name) => image.startsWith(`${name}:`));
      const waiting: string[] = [];
      for (const service of services) {
        const own = tasks.filter((t) => t.service === service.name);
        const update = updates.get(service.name) ?? '';
        if (['rollback_completed', 'rollback_started', 'paused', 'rollback_paused'].includes(update)) throw new Error(`${service.name}: update ${update}\n${this.logs(service.name)}`);
        if (oneOffs.includes(service.name)) {
          if (!own.some((t) => t.state.startsWith('Complete') && t.image.includes(`:${tag}`))) waiting.push(`${service.name} (not completed)`);
          continue;
        }
        const [running, desired] = service.replicas.split(' ')[0]!.split('/').map(Number);
        const old = ours(service.image) ? own.filter((t) => t.desired === 'Running' && !t.image.includes(`:${tag}`)).length : 0;
        const stale = ours(service.image) && !service.image.endsWith(`:${tag}`);
        if (running !== desired || stale || old > 0 || (update !== '' && update !== 'completed')) waiting.push(`${service.name} ${service.replicas}${update ? ` update ${update}` : ''}`);
      }
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`not converged after ${timeoutMs / 1000} s: ${waiting.join(', ')}\n${waiting.map((w) => this.logs(w.split(' ')[0]!)).join('\n')}`);
      await sleep(3000);
    }
  }
}
