// The images the project does not build itself (the compose file's backing services and the
// Dockerfiles' base images): pulled when a registry answers, otherwise stand-ins built here
// under the same names with the same contracts (see standins/).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync, mkdirSync, copyFileSync, realpathSync, cpSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import type { Engine } from './engine.js';
import type { Shell } from './shell.js';

const STANDINS = join(import.meta.dirname, 'standins');
const LABEL = 'org.coinmag.standin';

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
}

/** Every image named in the compose file that it does not build, and every external FROM of the Dockerfiles it builds with. */
export function thirdPartyImages(root: string, composeFile: string): string[] {
  const compose = parse(readFileSync(composeFile, 'utf8')) as { services: Record<string, ComposeService> };
  const images = new Set<string>();
  const dockerfiles = new Set<string>();
  for (const service of Object.values(compose.services)) {
    if (!service.build && service.image) images.add(service.image);
    if (service.build) {
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      dockerfiles.add(join(root, build.context ?? '.', build.dockerfile ?? 'Dockerfile'));
    }
  }
  for (const dockerfile of dockerfiles) for (const image of externalBases(readFileSync(dockerfile, 'utf8'))) images.add(image);
  return [...images].sort();
}

/** `FROM <image>` lines that name an image rather than an earlier stage (global ARG defaults applied). */
export function externalBases(text: string): string[] {
  const args = new Map<string, string>();
  const stages = new Set<string>();
  const bases: string[] = [];
  let seenFrom = false;
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const arg = /^\s*ARG\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(\S*))?/i.exec(line);
    if (arg && !seenFrom && arg[2] !== undefined) args.set(arg[1]!, arg[2].replace(/^"(.*)"$/, '$1'));
    const from = /^\s*FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (!from) continue;
    seenFrom = true;
    const image = from[1]!.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_, name: string) => args.get(name) ?? '');
    if (!stages.has(image) && image !== 'scratch') bases.push(image);
    if (from[2]) stages.add(from[2]);
  }
  return bases;
}

type Kind = 'node' | 'postgres' | 'redis' | 'minio' | 'haproxy';

function kindOf(image: string): Kind | undefined {
  const repository = image.replace(/@.*$/, '').replace(/:[^/:]+$/, '').replace(/^(docker\.io\/)?(library\/)?/, '');
  return ({ node: 'node', postgres: 'postgres', redis: 'redis', 'minio/minio': 'minio', haproxy: 'haproxy' } as const)[repository];
}

export interface ImageReport {
  image: string;
  source: 'present' | 'pulled' | 'stand-in (built)' | 'stand-in (cached)';
}

export class ThirdPartyImages {
  constructor(
    private readonly engine: Engine,
    private readonly shell: Shell,
    private readonly root: string,
  ) {}

  /** undefined: the image is absent; '': a real image; otherwise the stand-in's kind. */
  private local(image: string): string | undefined {
    const result = this.shell.run(this.engine.docker, ['image', 'inspect', '--format', `{{index .Config.Labels "${LABEL}"}}`, image], { env: this.engine.env, quiet: true });
    if (result.code !== 0) return undefined;
    const label = result.stdout.trim();
    return label === '<no value>' ? '' : label;
  }

  /** Whether an image registry answers: one manifest look-up with a short timeout. */
  registryReachable(probe: string): boolean {
    const mode = process.env.COMPOSE_TEST_IMAGES ?? 'auto';
    if (mode === 'standins') return false;
    if (mode === 'pull') return true;
    return this.shell.run(this.engine.docker, ['manifest', 'inspect', probe], { env: this.engine.env, timeoutMs: 15_000 }).code === 0;
  }

  prepare(images: string[]): ImageReport[] {
    const unknown = images.filter((image) => !kindOf(image));
    const reachable = this.registryReachable(images[0]!);
    process.stdout.write(`compose: image registry ${reachable ? 'reachable: pulling the real images' : 'not reachable: local stand-ins for ' + images.join(', ')}\n`);
    if (reachable) {
      return images.map((image) => {
        if (this.local(image) === '') return { image, source: 'present' };
        this.shell.must(this.engine.docker, ['pull', image], { env: this.engine.env, timeoutMs: 20 * 60_000 });
        return { image, source: 'pulled' };
      });
    }
    if (unknown.length > 0) throw new Error(`no registry, and no stand-in for ${unknown.join(', ')}`);
    const node = images.find((image) => kindOf(image) === 'node');
    if (!node) throw new Error('the stand-ins are built on the node base image, which no Dockerfile names');
    const reports: ImageReport[] = [];
    // The base first: the other stand-ins are built on it.
    for (const image of [node, ...images.filter((i) => i !== node)]) {
      const present = this.local(image);
      if (present === '') {
        reports.push({ image, source: 'present' });
      } else if (kindOf(image) === 'node') {
        if (present === undefined) this.buildBase(image);
        reports.push({ image, source: present === undefined ? 'stand-in (built)' : 'stand-in (cached)' });
      } else {
        this.buildStandin(image, kindOf(image) as Exclude<Kind, 'node'>, node);
        reports.push({ image, source: present === undefined ? 'stand-in (built)' : 'stand-in (cached)' });
      }
    }
    return reports;
  }

  /** Always built (a cached build takes a second), so a changed stand-in file takes effect. */
  private buildStandin(image: string, kind: Exclude<Kind, 'node'>, base: string): void {
    const args = ['build', '-q', '-f', join(STANDINS, `${kind}.Dockerfile`), '-t', image, '--build-arg', `BASE=${base}`];
    if (kind === 'minio') args.push('--build-arg', `S3RVER_VERSION=${this.s3rverVersion()}`);
    this.shell.must(this.engine.docker, [...args, STANDINS], { env: this.engine.env, timeoutMs: 20 * 60_000 });
  }

  private s3rverVersion(): string {
    const lock = JSON.parse(readFileSync(join(this.root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    const version = lock.packages['node_modules/s3rver']?.version;
    if (!version) throw new Error('package-lock.json has no s3rver (the media tests use it)');
    return version;
  }

  /**
   * node:<version>-<suite>-slim: a minimal Debian <suite> from debootstrap (this machine's apt
   * mirror), this machine's node and npm, the user "node" (1000:1000) and this machine's CA bundle.
   */
  private buildBase(image: string): void {
    const suite = /-(bookworm|bullseye|trixie)(-|$)/.exec(image)?.[1] ?? 'bookworm';
    const nodeBinary = realpathSync(process.execPath);
    const wanted = /:(\d+\.\d+\.\d+)/.exec(image)?.[1];
    if (wanted && wanted !== process.versions.node) process.stdout.write(`compose: warning: ${image} stands in with this machine's node ${process.versions.node}\n`);
    const npm = join(dirname(dirname(nodeBinary)), 'lib', 'node_modules', 'npm');
    if (!existsSync(join(npm, 'package.json'))) throw new Error(`npm not found beside ${nodeBinary} (looked in ${npm})`);
    const work = mkdtempSync(join(tmpdir(), 'coinmag-base-'));
    const rootfs = join(work, 'rootfs');
    try {
      this.shell.must('debootstrap', ['--variant=minbase', suite, rootfs, aptMirror()], { timeoutMs: 20 * 60_000, stream: true });
      mkdirSync(join(rootfs, 'usr/local/lib/node_modules'), { recursive: true });
      copyFileSync(nodeBinary, join(rootfs, 'usr/local/bin/node'));
      cpSync(npm, join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true });
      this.shell.must('ln', ['-sf', '../lib/node_modules/npm/bin/npm-cli.js', join(rootfs, 'usr/local/bin/npm')]);
      this.shell.must('ln', ['-sf', '../lib/node_modules/npm/bin/npx-cli.js', join(rootfs, 'usr/local/bin/npx')]);
      const caBundle = '/etc/ssl/certs/ca-certificates.crt';
      if (existsSync(caBundle)) {
        mkdirSync(join(rootfs, 'etc/ssl/certs'), { recursive: true });
        copyFileSync(caBundle, join(rootfs, caBundle));
      }
      appendFileSync(join(rootfs, 'etc/group'), 'node:x:1000:\n');
      appendFileSync(join(rootfs, 'etc/passwd'), 'node:x:1000:1000::/home/node:/bin/sh\n');
      mkdirSync(join(rootfs, 'home/node'), { recursive: true });
      chownSync(join(rootfs, 'home/node'), 1000, 1000);
      rmSync(join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
      mkdirSync(join(rootfs, 'var/lib/apt/lists/partial'), { recursive: true });
      const changes = [
        'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
        ...(existsSync(caBundle) ? [`ENV NODE_EXTRA_CA_CERTS=${caBundle}`] : []),
        `LABEL ${LABEL}=node`,
        'CMD ["node"]',
      ];
      const script = join(work, 'import.sh');
      writeFileSync(script, `set -e\ntar -C "$1" -c . | "$2" import ${changes.map((c) => `-c '${c}'`).join(' ')} - "$3" >/dev/null\n`);
      this.shell.must('sh', [script, rootfs, this.engine.docker, image], { env: this.engine.env, timeoutMs: 10 * 60_000 });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

/** The Debian mirror this machine's apt uses. */
function aptMirror(): string {
  const files = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list'];
  for (const file of files) {
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const mirror = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)/m.exec(text)?.[1];
    if (mirror) return mirror;
  }
  return 'http://deb.debian.org/debian';
}
