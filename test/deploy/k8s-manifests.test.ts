// Issue 8, checked without a cluster: k8s/base and the production overlay, assembled the way
// `kubectl apply -k` assembles them, are valid Kubernetes objects that run every deployable
// hardened, probed, scaled and with exactly the variables its code reads.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { serviceEnv, SHUTDOWN_WATCHDOG_MARGIN_MS } from '@coinmag/service-kit';
import { backupSettings } from '../../scripts/backup/settings.js';
import { environmentOf, interpolate, readComposeRaw, readEnvExample, type ComposeFile } from './support/compose.js';
import { isPinnedImage } from './support/dockerfile.js';
import { resolveContainerEnv, schemaProblems } from './support/k8s.js';
import { typeProblems } from './support/k8s-types.js';
import { containersOf, kustomizeBuild, podTemplateOf, splitImage, type K8sObject } from './support/kustomize.js';
import { discoverDeployables, loadConfigSchema, present, ROOT } from './support/repo.js';

const shipped = discoverDeployables().filter((d) => d.hasMain);
const NAMESPACE = 'coinmag';
const builds = {
  base: kustomizeBuild(join(ROOT, 'k8s/base')),
  production: kustomizeBuild(join(ROOT, 'k8s/overlays/production'), { useExamplesForMissingEnvFiles: true }),
};

const find = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const selects = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Boolean(selector && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v));

describe('k8s files', () => {
  it('puts every manifest in a kustomization (no file is silently left out)', () => {
    for (const dir of ['k8s/base', 'k8s/overlays/production', 'k8s/ingress-nginx']) {
      const kustomization = parse(readFileSync(join(ROOT, dir, 'kustomization.yaml'), 'utf8')) as { resources?: string[]; patches?: Array<{ path?: string }> };
      const used = new Set([...(kustomization.resources ?? []), ...(kustomization.patches ?? []).map((p) => p.path)]);
      const files = readdirSync(join(ROOT, dir)).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
      expect(files.filter((f) => !used.has(f)), `${dir}: files no kustomization uses`).toEqual([]);
    }
  });

  it('keeps real secrets out of git: placeholders in the base, secrets.env ignored', () => {
    const secret = find(builds.base, 'Secret', 'coinmag-secrets');
    expect(secret).toBeDefined();
    for (const [key, value] of Object.entries((secret!.stringData as Record<string, string>) ?? {})) expect(value, `base Secret ${key}`).toContain('CHANGE-ME');
    expect(secret!.data, 'base Secret uses stringData placeholders only').toBeUndefined();
    const example = readFileSync(join(ROOT, 'k8s/overlays/production/secrets.env.example'), 'utf8');
    for (const line of example.split('\n').filter((l) => /^[A-Z_]*(PASSWORD|SECRET|PRIVATE)[A-Z_]*=/.test(l))) expect(line).toContain('CHANGE-ME');
    execFileSync('git', ['check-ignore', '-q', 'k8s/overlays/production/secrets.env'], { cwd: ROOT });
    execFileSync('git', ['check-ignore', '-q', 'k8s/overlays/production/jwt-private.pem'], { cwd: ROOT });
  });
});

describe('the edge: the ingress-nginx controller in front of the gateway', () => {
  const edge = kustomizeBuild(join(ROOT, 'k8s/ingress-nginx'));

  it('is a valid ConfigMap of the controller', async () => {
    expect((await Promise.all(edge.map(schemaProblems))).flat()).toEqual([]);
    expect(edge.map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`)).toEqual(['ConfigMap/ingress-nginx/ingress-nginx-controller']);
  });

  it('writes the client address it sees into X-Forwarded-For, replacing what the client sent: exactly the one hop the gateway trusts', () => {
    expect(edge[0]!.data).toMatchObject({ 'use-forwarded-headers': 'false', 'compute-full-forwarded-for': 'false' });
    for (const objects of Object.values(builds)) {
      const ingress = present(objects.find((o) => o.kind === 'Ingress'), 'Ingress');
      expect((ingress.spec as { ingressClassName?: string }).ingressClassName, 'the Ingress is served by ingress-nginx').toBe('nginx');
    }
  });
});

/** A container's SHUTDOWN_TIMEOUT_MS: its own setting, else service-kit's default. */
function shutdownTimeoutMs(values: Record<string, string>): number {
  return z.object(serviceEnv(1)).parse({ SHUTDOWN_TIMEOUT_MS: values.SHUTDOWN_TIMEOUT_MS }).SHUTDOWN_TIMEOUT_MS;
}

/**
 * How long a deleted pod keeps its container out of SIGTERM, so the Ingress controller and
 * kube-proxy have dropped its endpoint before it stops accepting connections (both follow the
 * API's endpoint changes within about a second; the rest is room for a busy node).
 */
const PRESTOP_MIN_SECONDS = 5;

describe.each(Object.entries(builds))('kustomize build k8s/%s', (buildName, objects) => {
  it('is valid against the Kubernetes API schemas', async () => {
    const problems = (await Promise.all(objects.map(schemaProblems))).flat();
    expect(problems).toEqual([]);
    expect(objects.length).toBeGreaterThan(10);
  });

  it('has no unknown field and no wrongly typed value (kubernetes-models\' TypeScript interfaces)', () => {
    expect(typeProblems(objects)).toEqual([]);
  });

  it('puts everything in the coinmag Namespace, with unique names', () => {
    expect(find(objects, 'Namespace', NAMESPACE)).toBeDefined();
    for (const o of objects.filter((x) => x.kind !== 'Namespace')) expect(o.metadata.namespace, `${o.kind}/${o.metadata.name}`).toBe(NAMESPACE);
    const ids = objects.map((o) => `${o.kind}/${o.metadata.name}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('pins every image to a release', () => {
    for (const container of objects.flatMap(containersOf)) {
      const { name, tag } = splitImage(container.image);
      if (/coinmag\/(gateway|content|auth|media)$/.test(name)) expect(tag, container.image).toMatch(/^\d+\.\d+\.\d+/);
      else expect(isPinnedImage(container.image), container.image).toBe(true);
    }
  });

  it.each(shipped.map((d) => [d.name, d] as const))('runs %s as a hardened, probed Deployment with a Service and a PodDisruptionBudget', (_name, d) => {
    const deployment = find(objects, 'Deployment', d.name);
    expect(deployment, `Deployment ${d.name}`).toBeDefined();
    const spec = deployment!.spec as Record<string, any>;
    const template = podTemplateOf(deployment!)!;
    expect(selects(spec.selector.matchLabels, template.metadata?.labels)).toBe(true);
    expect(spec.strategy).toMatchObject({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0 } });
    expect(template.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(template.spec.automountServiceAccountToken).toBe(false);
    expect(template.spec.containers).toHaveLength(1);
    const container = present(template.spec.containers[0], `${d.name} container`);
    expect(splitImage(container.image).name).toMatch(new RegExp(`coinmag/${d.name}$`));
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    const mounts = (container.volumeMounts as Array<{ mountPath: string }> | undefined) ?? [];
    expect(mounts.map((m) => m.mountPath), 'a writable /tmp beside the read-only root').toContain('/tmp');
    expect(container.resources).toMatchObject({ requests: { cpu: expect.anything(), memory: expect.anything() }, limits: { cpu: expect.anything(), memory: expect.anything() } });
    const port = container.ports?.find((p) => p.name === 'http');
    expect(port, 'a container port named http').toBeDefined();
    const env = container.env ?? [];
    expect(env.find((e) => e.name === 'PORT')?.value, 'PORT matches the container port').toBe(String(port!.containerPort));
    expect(container.readinessProbe).toMatchObject({ httpGet: { path: '/readyz', port: 'http' } });
    expect(container.livenessProbe).toMatchObject({ httpGet: { path: '/healthz', port: 'http' } });

    const service = find(objects, 'Service', d.name);
    expect(service, `Service ${d.name}`).toBeDefined();
    const serviceSpec = service!.spec as { selector: Record<string, string>; ports: Array<{ targetPort: unknown; port: number }> };
    expect(selects(serviceSpec.selector, template.metadata?.labels)).toBe(true);
    expect(serviceSpec.ports.map((p) => p.targetPort)).toContain('http');
    const budget = objects.find((o) => o.kind === 'PodDisruptionBudget' && selects((o.spec as any).selector?.matchLabels, template.metadata?.labels));
    expect(budget, `PodDisruptionBudget for ${d.name}`).toBeDefined();
  });

  it.each(shipped.map((d) => [d.name] as const))('stops %s without losing a request: a preStop delay while its endpoint is dropped, then a grace period covering the drain and the shutdown watchdog', (name) => {
    const deployment = present(find(objects, 'Deployment', name), `Deployment ${name}`);
    const template = podTemplateOf(deployment)!;
    const container = present(containersOf(deployment)[0], `${name} container`) as (typeof template.spec.containers)[number] & { lifecycle?: { preStop?: { exec?: { command?: string[] } } } };
    const command = container.lifecycle?.preStop?.exec?.command ?? [];
    expect(command.slice(0, 1), `${name}: preStop is a sleep`).toEqual(['sleep']);
    const delay = Number(command[1]);
    expect(delay, `${name}: preStop sleep in seconds`).toBeGreaterThanOrEqual(PRESTOP_MIN_SECONDS);
    const { values } = resolveContainerEnv(container, objects);
    const needed = delay + (shutdownTimeoutMs(values) + SHUTDOWN_WATCHDOG_MARGIN_MS) / 1000;
    expect((template.spec as { terminationGracePeriodSeconds?: number }).terminationGracePeriodSeconds ?? 30, `${name}: terminationGracePeriodSeconds ≥ preStop ${delay} s + SHUTDOWN_TIMEOUT_MS + watchdog`).toBeGreaterThanOrEqual(needed);
  });

  it('trusts exactly the proxies in front of each pod: the gateway the Ingress controller, each service the gateway', () => {
    for (const d of shipped) {
      const container = present(containersOf(present(find(objects, 'Deployment', d.name), `Deployment ${d.name}`))[0], `${d.name} container`);
      const { values } = resolveContainerEnv(container, objects);
      expect(values.TRUSTED_PROXY_HOPS, `${d.name}: one proxy in front (${d.name === 'gateway' ? 'the Ingress controller' : 'the gateway'})`).toBe('1');
      if (d.name !== 'gateway') expect(values.FORWARDING_SECRET, `${d.name} believes X-Forwarded-For only from the gateway`).toBeTruthy();
    }
  });

  it('backs up every night with the backup image, given exactly what the backup reads, as compose\'s backup service is', () => {
    const cron = present(find(objects, 'CronJob', 'backup'), 'CronJob backup');
    const spec = cron.spec as { concurrencyPolicy?: string; jobTemplate: { spec: { template: { spec: { volumes?: Array<{ name: string; persistentVolumeClaim?: { claimName: string } }> } } } } };
    expect(spec.concurrencyPolicy, 'two backups never run at once').toBe('Forbid');
    const container = present(containersOf(cron)[0], 'backup container');
    expect(splitImage(container.image).name).toMatch(/coinmag\/backup$/);
    expect(splitImage(container.image).tag).toMatch(/^\d+\.\d+\.\d+/);
    const { values, problems } = resolveContainerEnv(container, objects);
    expect(problems).toEqual([]);
    const read = new Set<string>();
    const settings = backupSettings(new Proxy(values, { get: (target, key: string) => (read.add(key), target[key]) }));
    expect(settings.s3, 'the media bucket too').toBeDefined();
    expect(Object.keys(values).filter((k) => !read.has(k)), 'set but not read by scripts/backup/settings.ts').toEqual([]);
    const compose = interpolate(readComposeRaw(), readEnvExample()).value as ComposeFile;
    expect(Object.keys(values).sort()).toEqual(Object.keys(environmentOf(present(compose.services.backup, 'compose backup'))).sort());
    const mount = (container.volumeMounts as Array<{ name: string; mountPath: string }> | undefined)?.find((m) => m.mountPath === '/backups');
    const volume = spec.jobTemplate.spec.template.spec.volumes?.find((v) => v.name === mount?.name);
    expect(volume?.persistentVolumeClaim, '/backups is a PersistentVolumeClaim (not the pod\'s own disk)').toBeDefined();
    expect(find(objects, 'PersistentVolumeClaim', volume!.persistentVolumeClaim!.claimName)).toBeDefined();
  });

  it('autoscales the gateway and content, and routes the Ingress to the gateway', () => {
    for (const name of ['gateway', 'content']) {
      const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && (o.spec as any).scaleTargetRef?.name === name);
      expect(hpa, `HorizontalPodAutoscaler for ${name}`).toBeDefined();
      expect((hpa!.spec as any).scaleTargetRef.kind).toBe('Deployment');
      expect((hpa!.spec as any).minReplicas).toBeGreaterThanOrEqual(2);
    }
    for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
      const scaled = objects.some((o) => o.kind === 'HorizontalPodAutoscaler' && (o.spec as any).scaleTargetRef?.name === deployment.metadata.name);
      const replicas = (deployment.spec as { replicas?: number }).replicas;
      if (scaled) expect(replicas, `${deployment.metadata.name}: its autoscaler owns the replica count`).toBeUndefined();
      else expect(replicas, `${deployment.metadata.name} runs more than one pod`).toBeGreaterThanOrEqual(2);
    }
    const ingresses = objects.filter((o) => o.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const backends = ((present(ingresses[0], 'Ingress').spec as any).rules as any[]).flatMap((r) => r.http.paths.map((p: any) => p.backend.service));
    expect(backends.length).toBeGreaterThan(0);
    for (const backend of backends) {
      expect(backend.name).toBe('gateway');
      const ports = (find(objects, 'Service', 'gateway')!.spec as any).ports as Array<{ name?: string; port: number }>;
      expect(ports.some((p) => p.name === backend.port.name || p.port === backend.port.number)).toBe(true);
    }
    expect(objects.filter((o) => o.kind === 'Service' && (o.spec as any).type && (o.spec as any).type !== 'ClusterIP').map((o) => o.metadata.name), 'only the Ingress is public').toEqual([]);
  });

  it('lets each pod but the gateway accept connections only from the pods configured to reach it', () => {
    // Who calls whom, read from the configuration: a URL whose host is a Service's name.
    const callers = new Map<string, Set<string>>();
    for (const workload of objects.filter((o) => podTemplateOf(o))) {
      const podName = podTemplateOf(workload)?.metadata?.labels?.['app.kubernetes.io/name'];
      for (const container of containersOf(workload)) {
        for (const value of Object.values(resolveContainerEnv(container, objects).values)) {
          const host = URL.canParse(value) ? new URL(value).hostname : undefined;
          if (host && podName && find(objects, 'Service', host)) callers.set(host, (callers.get(host) ?? new Set()).add(podName));
        }
      }
    }
    const services = objects.filter((o) => o.kind === 'Service' && o.metadata.name !== 'gateway').map((o) => o.metadata.name);
    for (const name of services) {
      const policy = objects.find((o) => o.kind === 'NetworkPolicy' && (o.spec as any).podSelector?.matchLabels?.['app.kubernetes.io/name'] === name);
      expect(policy, `NetworkPolicy for ${name}`).toBeDefined();
      const spec = policy!.spec as { policyTypes: string[]; ingress: Array<{ from: Array<{ podSelector?: { matchLabels?: Record<string, string> } }>; ports?: Array<{ port: string | number }> }> };
      expect(spec.policyTypes).toContain('Ingress');
      const target = objects.find((o) => podTemplateOf(o)?.metadata?.labels?.['app.kubernetes.io/name'] === name);
      const portNames = containersOf(present(target, `the pods of ${name}`)).flatMap((c) => (c.ports ?? []).flatMap((p) => [p.name, p.containerPort]));
      for (const port of spec.ingress.flatMap((rule) => rule.ports ?? [])) expect(portNames, `${name} policy port`).toContain(port.port);
      const allowed = spec.ingress.flatMap((rule) => rule.from.map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ?? '(not a pod of this namespace)'));
      expect(allowed.sort(), `who may reach ${name}`).toEqual([...(callers.get(name) ?? [])].sort());
    }
  });

  it('keeps Postgres, Redis and MinIO as StatefulSets on PersistentVolumeClaims', () => {
    for (const name of ['postgres', 'redis', 'minio']) {
      const set = find(objects, 'StatefulSet', name);
      expect(set, `StatefulSet ${name}`).toBeDefined();
      expect((set!.spec as any).volumeClaimTemplates?.length).toBeGreaterThan(0);
      expect(find(objects, 'Service', name), `Service ${name}`).toBeDefined();
    }
  });

  it('runs each service\'s migrations in the migrate Job, with the image the service runs', () => {
    const job = find(objects, 'Job', 'migrate');
    expect(job).toBeDefined();
    const containers = containersOf(job!);
    const owners = shipped.filter((d) => d.hasMigrate);
    expect(containers.map((c) => c.name).sort()).toEqual(owners.map((d) => `${d.name}-migrate`).sort());
    for (const d of owners) {
      const container = containers.find((c) => c.name === `${d.name}-migrate`)!;
      expect(container.command).toEqual(['node', 'dist/migrate.js']);
      expect(container.image).toBe(containersOf(find(objects, 'Deployment', d.name)!)[0]?.image);
    }
  });

  it('gives each container the same variables as its docker compose service (which the start-up test runs)', () => {
    const compose = interpolate(readComposeRaw(), readEnvExample()).value as ComposeFile;
    const names = (container: { env?: Array<{ name: string }> }) => (container.env ?? []).map((e) => e.name).sort();
    for (const d of shipped) {
      const container = present(containersOf(present(find(objects, 'Deployment', d.name), `Deployment ${d.name}`))[0], `${d.name} container`);
      expect(names(container), `Deployment ${d.name} vs compose ${d.name}`).toEqual(Object.keys(environmentOf(present(compose.services[d.name], `compose ${d.name}`))).sort());
    }
    for (const container of containersOf(present(find(objects, 'Job', 'migrate'), 'Job migrate'))) {
      expect(names(container), `Job migrate/${container.name} vs compose ${container.name}`).toEqual(Object.keys(environmentOf(present(compose.services[container.name], `compose ${container.name}`))).sort());
    }
  });

  it('sets exactly the variables each container reads, all of them resolvable', async () => {
    const targets = [
      ...shipped.map((d) => ({ d, label: `Deployment ${d.name}`, container: present(containersOf(present(find(objects, 'Deployment', d.name), `Deployment ${d.name}`))[0], `${d.name} container`), serves: true })),
      ...containersOf(find(objects, 'Job', 'migrate')!).map((container) => ({ d: shipped.find((s) => `${s.name}-migrate` === container.name)!, label: `Job migrate/${container.name}`, container, serves: false })),
    ];
    for (const { d, label, container, serves } of targets) {
      const schema = await loadConfigSchema(d.dir);
      const { values, problems } = resolveContainerEnv(container, objects);
      expect(problems, `${buildName} ${label}`).toEqual([]);
      expect(Object.keys(values).filter((k) => !schema.reads.has(k)), `${label}: set but not read by the code`).toEqual([]);
      expect([...schema.required].filter((k) => !(k in values)), `${label}: required but not set`).toEqual([]);
      expect(schema.problems(values), `${label}: rejected by ${schema.exports.join(', ')}`).toEqual([]);
      if (serves) for (const loader of schema.loaders) expect(() => loader.load(values), `${label}: ${loader.name}`).not.toThrow();
    }
  });
});
