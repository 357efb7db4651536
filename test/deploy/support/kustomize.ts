// The part of kustomize this repository's k8s/ uses, enough to assemble an overlay offline:
// resources, namespace, labels, images, replicas, strategic-merge patches and Secret/ConfigMap
// generators. Any other field fails loudly rather than being ignored. Generated names get no
// hash suffix here (kubectl adds one and rewrites the references to it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

interface Generator {
  name: string;
  behavior?: 'create' | 'replace' | 'merge';
  envs?: string[];
  literals?: string[];
  type?: string;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: Array<{ pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }>;
  images?: Array<{ name: string; newName?: string; newTag?: string; digest?: string }>;
  replicas?: Array<{ name: string; count: number }>;
  patches?: Array<{ path?: string; patch?: string; target?: { kind?: string; name?: string } }>;
  secretGenerator?: Generator[];
  configMapGenerator?: Generator[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'labels', 'images', 'replicas', 'patches', 'secretGenerator', 'configMapGenerator']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PersistentVolume', 'StorageClass', 'IngressClass', 'PriorityClass']);

export interface BuildOptions {
  /** Read `<file>.example` when an env file of a generator is absent (the real one is never committed). */
  useExamplesForMissingEnvFiles?: boolean;
}

export function readYamlDocuments(path: string): K8sObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]!.message}`);
      return doc.toJS() as K8sObject | null;
    })
    .filter((doc): doc is K8sObject => doc !== null);
}

export function kustomizeBuild(dir: string, options: BuildOptions = {}): K8sObject[] {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((name) => join(dir, name)).find((path) => existsSync(path));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const k = readYamlDocuments(file)[0] as unknown as Kustomization;
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) throw new Error(`${file}: this check does not understand ${unsupported.join(', ')}`);

  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    objects.push(...(statSync(path).isDirectory() ? kustomizeBuild(path, options) : readYamlDocuments(path)));
  }
  for (const [kind, generators] of [['ConfigMap', k.configMapGenerator], ['Secret', k.secretGenerator]] as const) {
    for (const generator of generators ?? []) objects = applyGenerator(objects, kind, generator, dir, options);
  }
  for (const patch of k.patches ?? []) {
    const text = patch.path ? readFileSync(join(dir, patch.path), 'utf8') : patch.patch;
    if (!text) throw new Error(`${file}: a patch has neither path nor patch`);
    for (const doc of parseAllDocuments(text).map((d) => d.toJS() as K8sObject)) {
      if (Array.isArray(doc)) throw new Error(`${file}: JSON 6902 patches are not supported by this check`);
      const kind = patch.target?.kind ?? doc.kind;
      const name = patch.target?.name ?? doc.metadata?.name;
      const matches = objects.filter((o) => o.kind === kind && o.metadata.name === name);
      if (matches.length !== 1) throw new Error(`${file}: patch for ${kind}/${name} matches ${matches.length} objects`);
      const merged = strategicMerge(matches[0], doc) as K8sObject;
      objects = objects.map((o) => (o === matches[0] ? merged : o));
    }
  }
  if (k.namespace) {
    objects = objects.map((o) => (CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } }));
  }
  for (const label of k.labels ?? []) {
    if (label.includeSelectors) throw new Error(`${file}: labels with includeSelectors are not supported by this check`);
    objects = objects.map((o) => {
      const withLabels = { ...o, metadata: { ...o.metadata, labels: { ...o.metadata.labels, ...label.pairs } } };
      const template = podTemplateOf(withLabels);
      if (label.includeTemplates && template) template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, ...label.pairs } };
      return withLabels;
    });
  }
  for (const image of k.images ?? []) {
    for (const o of objects) {
      for (const container of containersOf(o)) {
        const { name, tag } = splitImage(container.image);
        if (name !== image.name) continue;
        const suffix = image.digest ? `@${image.digest}` : `:${image.newTag ?? tag}`;
        container.image = `${image.newName ?? name}${suffix}`;
      }
    }
  }
  for (const replica of k.replicas ?? []) {
    const target = objects.find((o) => ['Deployment', 'StatefulSet'].includes(o.kind) && o.metadata.name === replica.name);
    if (!target) throw new Error(`${file}: replicas for unknown ${replica.name}`);
    (target.spec as { replicas?: number }).replicas = replica.count;
  }
  return objects;
}

function applyGenerator(objects: K8sObject[], kind: 'ConfigMap' | 'Secret', generator: Generator, dir: string, options: BuildOptions): K8sObject[] {
  const values: Record<string, string> = {};
  for (const envFile of generator.envs ?? []) {
    let path = join(dir, envFile);
    if (!existsSync(path) && options.useExamplesForMissingEnvFiles && existsSync(`${path}.example`)) path = `${path}.example`;
    for (const line of readFileSync(path, 'utf8').split(/\r?\n/)) {
      const trimmed = line.trim();
      if (!trimmed || trimmed.startsWith('#')) continue;
      const at = trimmed.indexOf('=');
      if (at <= 0) throw new Error(`${path}: cannot read "${trimmed}"`);
      values[trimmed.slice(0, at)] = trimmed.slice(at + 1);
    }
  }
  for (const literal of generator.literals ?? []) {
    const at = literal.indexOf('=');
    values[literal.slice(0, at)] = literal.slice(at + 1);
  }
  const data = kind === 'Secret' ? Object.fromEntries(Object.entries(values).map(([key, v]) => [key, Buffer.from(v).toString('base64')])) : values;
  const existing = objects.find((o) => o.kind === kind && o.metadata.name === generator.name);
  const behavior = generator.behavior ?? 'create';
  if (behavior === 'create' && existing) throw new Error(`${kind}/${generator.name} is generated and also a resource`);
  if (behavior !== 'create' && !existing) throw new Error(`${kind}/${generator.name}: behavior ${behavior} needs it in the resources`);
  const generated: K8sObject = {
    apiVersion: 'v1',
    kind,
    // kustomize keeps the replaced object's labels and annotations.
    metadata: { ...existing?.metadata, name: generator.name },
    ...(kind === 'Secret' ? { type: generator.type ?? (existing?.type as string | undefined) ?? 'Opaque' } : {}),
    data: behavior === 'merge' ? { ...asData(existing, kind), ...data } : data,
  };
  return existing ? objects.map((o) => (o === existing ? generated : o)) : [...objects, generated];
}

function asData(object: K8sObject | undefined, kind: string): Record<string, string> {
  const data = { ...((object?.data as Record<string, string>) ?? {}) };
  for (const [key, value] of Object.entries((object?.stringData as Record<string, string>) ?? {})) {
    data[key] = kind === 'Secret' ? Buffer.from(value).toString('base64') : value;
  }
  return data;
}

/** Maps merge key by key; lists of named items merge by name (containers, env, ports…); others are replaced; null deletes. */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (patch === null) return undefined;
  if (isPlainObject(base) && isPlainObject(patch)) {
    const out: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      const merged = strategicMerge(base[key], value);
      if (merged === undefined) delete out[key];
      else out[key] = merged;
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && [...base, ...patch].every((item) => isPlainObject(item) && typeof item.name === 'string')) {
    const out = base.map((item) => {
      const override = patch.find((p) => p.name === item.name);
      return override ? strategicMerge(item, override) : item;
    });
    return [...out, ...patch.filter((p) => !base.some((item) => item.name === p.name))];
  }
  return patch;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: PodSpec;
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: Array<{ name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: { name: string; key: string } } }>;
  envFrom?: unknown[];
  ports?: Array<{ name?: string; containerPort: number }>;
  [key: string]: unknown;
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  [key: string]: unknown;
}

export function podTemplateOf(object: K8sObject): PodTemplate | undefined {
  const spec = object.spec as Record<string, any> | undefined;
  if (!spec) return undefined;
  if (object.kind === 'CronJob') return spec.jobTemplate?.spec?.template;
  return spec.template?.spec?.containers ? spec.template : undefined;
}

export function containersOf(object: K8sObject): Container[] {
  const template = podTemplateOf(object);
  return template ? [...(template.spec.initContainers ?? []), ...template.spec.containers] : [];
}

export function splitImage(image: string): { name: string; tag?: string; digest?: string } {
  const [withoutDigest = '', digest] = image.split('@');
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon < 0 ? { name: withoutDigest, digest } : { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1), digest };
}
