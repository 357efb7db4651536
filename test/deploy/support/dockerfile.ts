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

/** Instructions whose arguments see build arguments: Docker expands them in these, the shell in RUN. */
const EXPANDED = new Set(['ADD', 'COPY', 'ENV', 'EXPOSE', 'FROM', 'LABEL', 'STOPSIGNAL', 'USER', 'VOLUME', 'WORKDIR', 'RUN']);

/**
 * The Dockerfile as one build sees it: `${NAME}` / `$NAME` of each ARG replaced, from where the ARG
 * is declared on, by the build argument given (else its default, else empty, as Docker does).
 * Global ARGs (before the first FROM) apply to FROM lines and to the stages that declare them again.
 */
export function expandBuildArgs(text: string, buildArgs: Record<string, string>): string {
  const globals = new Map<string, string>();
  let scope = new Map<string, string>();
  let inStage = false;
  let keyword = '';
  let continued = false;
  const expand = (line: string, values: Map<string, string>) =>
    line.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (match, braced: string | undefined, bare: string | undefined) => {
      const name = (braced ?? bare)!;
      return values.has(name) ? values.get(name)! : match;
    });
  return text
    .split(/\r?\n/)
    .map((line) => {
      const starts = !continued && /^\s*[A-Za-z]+\b/.test(line) && !/^\s*#/.test(line);
      if (starts) keyword = /^\s*([A-Za-z]+)/.exec(line)![1]!.toUpperCase();
      continued = /\\\s*$/.test(line) || (continued && /^\s*(#.*)?$/.test(line));
      if (starts && keyword === 'FROM') {
        inStage = true;
        scope = new Map();
        return expand(line, globals);
      }
      if (starts && keyword === 'ARG') {
        const declared = /^\s*ARG\s+([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/i.exec(line.trim());
        if (declared) {
          const [, name, fallback] = declared as unknown as [string, string, string | undefined];
          const value = buildArgs[name] ?? (fallback !== undefined ? expand(fallback.replace(/^"(.*)"$/, '$1'), inStage ? scope : globals) : inStage ? globals.get(name) ?? '' : '');
          (inStage ? scope : globals).set(name, value);
        }
        return line;
      }
      return inStage && EXPANDED.has(keyword) ? expand(line, scope) : line;
    })
    .join('\n');
}

/** Parses a Dockerfile, with the build arguments of one build expanded (see expandBuildArgs). */
export function parseDockerfile(relativePath: string, buildArgs: Record<string, string> = {}): ParsedDockerfile {
  const text = expandBuildArgs(readFileSync(join(ROOT, relativePath), 'utf8'), buildArgs);
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
