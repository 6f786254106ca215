/**
 * Compile files with the TypeScript compiler API under the flags generated code must pass:
 * strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes, verbatimModuleSyntax, NodeNext.
 */
import ts from "typescript";

export const STRICT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2023.d.ts", "lib.esnext.disposable.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  verbatimModuleSyntax: true,
  noEmit: true,
  skipLibCheck: true,
  types: ["node"],
};

/** Diagnostics of compiling `files` (absolute paths), one line each; empty when it compiles. */
export function typecheck(files: string[], options: ts.CompilerOptions = STRICT_OPTIONS): string[] {
  const program = ts.createProgram(files, options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!diagnostic.file || diagnostic.start === undefined) return text;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}:${character + 1} ${text}`;
  });
}
