// The API schemas `kubernetes-models` validates with do not reject unknown fields, so a typo
// such as `readinesProbe` would pass. Its TypeScript interfaces do: each object is written out
// as a typed object literal and the compiler's excess-property and type checks report it.
import { join } from 'node:path';
import ts from 'typescript';
import type { K8sObject } from './kustomize.js';
import { ROOT } from './repo.js';

/** Unknown fields and wrong types, as `Kind/name: message` lines (empty when every object fits its interface). */
export function typeProblems(objects: K8sObject[]): string[] {
  const fileName = join(ROOT, 'test/deploy/__kubernetes_objects__.ts');
  const chunks: string[] = [];
  const owners: Array<{ line: number; label: string }> = [];
  let line = 0;
  objects.forEach((object, index) => {
    const body = `import type { I${object.kind} as T${index} } from 'kubernetes-models/${object.apiVersion}';\nexport const o${index}: T${index} = ${JSON.stringify(object, null, 2)};\n`;
    owners.push({ line, label: `${object.kind}/${object.metadata.name}` });
    chunks.push(body);
    line += body.split('\n').length - 1;
  });
  const source = chunks.join('');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.fileExists = ((exists) => (name: string) => name === fileName || exists(name))(host.fileExists.bind(host));
  host.getSourceFile = (name, languageVersion, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, ...rest);
  const program = ts.createProgram([fileName], options, host);
  const diagnostics = [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()].filter((d) => d.file?.fileName === fileName);
  return diagnostics.map((diagnostic) => {
    const at = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    const owner = [...owners].reverse().find((o) => o.line <= at);
    return `${owner?.label ?? '?'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}
