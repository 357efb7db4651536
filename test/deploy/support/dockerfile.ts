// A Dockerfile split into its build stages, read with dockerfile-ast.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { ROOT } from './repo.js';

export interface Stage {
  /** `FROM <image> AS <name>`: the image (or an earlier stage) and the stage name. */
  from: string;
  name?: string;
  instructions: Instruction[];
}

export interface ParsedDockerfile {
  path: string;
  stages: Stage[];
  final: Stage;
}

export function parseDockerfile(relativePath: string): ParsedDockerfile {
  const text = readFileSync(join(ROOT, relativePath), 'utf8');
  const stages: Stage[] = [];
  for (const instruction of DockerfileParser.parse(text).getInstructions()) {
    const keyword = instruction.getKeyword();
    if (keyword === 'FROM') {
      const args = instruction.getArguments().map((a) => a.getValue());
      const flagless = args.filter((a) => !a.startsWith('--'));
      const asIndex = flagless.findIndex((a) => a.toUpperCase() === 'AS');
      stages.push({ from: flagless[0] ?? '', name: asIndex >= 0 ? flagless[asIndex + 1] : undefined, instructions: [] });
    } else if (stages.length > 0) {
      stages.at(-1)!.instructions.push(instruction);
    } else if (keyword !== 'ARG') {
      throw new Error(`${relativePath}: ${keyword} before the first FROM`);
    }
  }
  if (stages.length === 0) throw new Error(`${relativePath}: no FROM`);
  return { path: relativePath, stages, final: stages.at(-1)! };
}

export function instructionsOf(stage: Stage, keyword: string): Instruction[] {
  return stage.instructions.filter((i) => i.getKeyword() === keyword);
}

/** Absolute destination of each COPY in a stage, resolved against the WORKDIR in force. */
export function copyDestinations(stage: Stage): string[] {
  let workdir = '/';
  const destinations: string[] = [];
  for (const instruction of stage.instructions) {
    const args = instruction.getArguments().map((a) => a.getValue()).filter((a) => !a.startsWith('--'));
    const last = args.at(-1);
    if (!last) continue;
    if (instruction.getKeyword() === 'WORKDIR') workdir = posix.resolve(workdir, last);
    if (instruction.getKeyword() === 'COPY') destinations.push(posix.resolve(workdir, last).replace(/\/$/, ''));
  }
  return destinations;
}

/** The stage a `COPY --from=<stage>` copies from. */
export function fromFlag(instruction: Instruction): string | undefined {
  return (instruction as unknown as { getFromFlag(): { getValue(): string | null } | null }).getFromFlag()?.getValue() ?? undefined;
}

/** The text after the keyword, e.g. `["node", "dist/main.js"]` for CMD. */
export function argumentsOf(instruction: Instruction): string {
  return instruction.getArgumentsContent() ?? '';
}

/** Exec-form arguments (JSON array) of CMD/ENTRYPOINT/HEALTHCHECK CMD, or undefined for shell form. */
export function execForm(text: string): string[] | undefined {
  const start = text.indexOf('[');
  if (start < 0) return undefined;
  try {
    const parsed = JSON.parse(text.slice(start).replace(/\\\r?\n/g, ' ')) as unknown;
    return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** ENV values of a stage (`ENV A=1 B=2` and the legacy `ENV A 1`). */
export function envOf(stage: Stage): Record<string, string> {
  const values: Record<string, string> = {};
  for (const instruction of instructionsOf(stage, 'ENV')) {
    const properties = (instruction as unknown as { getProperties(): Array<{ getName(): string; getValue(): string | null }> }).getProperties();
    for (const property of properties) values[property.getName()] = property.getValue() ?? '';
  }
  return values;
}

/** A base image pinned to a release: a digest, or a tag that names at least major.minor (Postgres has no patch number) or a dated release. */
export function isPinnedImage(image: string): boolean {
  if (/@sha256:[0-9a-f]{64}$/.test(image)) return true;
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  if (!tag || tag === 'latest') return false;
  return /^v?\d+\.\d+(\.\d+)?([-.].*)?$/.test(tag) || /^RELEASE\.\d{4}-\d{2}-\d{2}T/.test(tag);
}
