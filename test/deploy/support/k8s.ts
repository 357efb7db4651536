// Kubernetes objects checked against the API schemas that `kubernetes-models` ships.
import type { Container, K8sObject } from './kustomize.js';

type ModelClass = new (data: unknown) => { validate(): void };

/** Problems of one object against its kind's schema (unknown apiVersion or kind is a problem too). */
export async function schemaProblems(object: K8sObject): Promise<string[]> {
  const label = `${object.kind}/${object.metadata?.name}`;
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') return [`${label}: apiVersion and kind are required`];
  // apiVersion "apps/v1" lives in kubernetes-models/apps/v1, the core "v1" in kubernetes-models/v1.
  const modulePath = `kubernetes-models/${object.apiVersion}`;
  let models: Record<string, unknown>;
  try {
    models = (await import(modulePath)) as Record<string, unknown>;
  } catch {
    return [`${label}: unknown apiVersion ${object.apiVersion}`];
  }
  const Model = models[object.kind] as ModelClass | undefined;
  if (typeof Model !== 'function') return [`${label}: ${object.apiVersion} has no kind ${object.kind}`];
  try {
    new Model(object).validate();
    return [];
  } catch (err) {
    return [`${label}: ${(err as Error).message}`];
  }
}

export interface ResolvedEnv {
  values: Record<string, string>;
  problems: string[];
}

/** A container's environment with ConfigMap and Secret references looked up in `objects`. */
export function resolveContainerEnv(container: Container, objects: K8sObject[]): ResolvedEnv {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  const lookup = (kind: 'ConfigMap' | 'Secret', name: string, key: string): string | undefined => {
    const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!object) return undefined;
    const stringData = object.stringData as Record<string, string> | undefined;
    const data = object.data as Record<string, string> | undefined;
    if (stringData && key in stringData) return stringData[key];
    if (data && key in data) return kind === 'Secret' ? Buffer.from(data[key]!, 'base64').toString('utf8') : data[key];
    return undefined;
  };
  if (container.envFrom?.length) problems.push(`${container.name}: envFrom hands over every key of a ConfigMap/Secret; list the variables one by one`);
  for (const entry of container.env ?? []) {
    if (entry.name in values) problems.push(`${container.name}: ${entry.name} is set twice`);
    if (entry.value !== undefined) {
      values[entry.name] = String(entry.value);
      continue;
    }
    const configRef = entry.valueFrom?.configMapKeyRef;
    const secretRef = entry.valueFrom?.secretKeyRef;
    const ref = configRef ?? secretRef;
    const kind = configRef ? 'ConfigMap' : 'Secret';
    if (!ref) {
      problems.push(`${container.name}: ${entry.name} has neither a value nor a ConfigMap/Secret reference`);
      continue;
    }
    const value = lookup(kind, ref.name, ref.key);
    if (value === undefined) problems.push(`${container.name}: ${entry.name} refers to ${kind} ${ref.name} key ${ref.key}, which does not exist`);
    else values[entry.name] = value;
  }
  return { values, problems };
}
