/**
 * One measurement for `npm run bench:types`, in a process of its own (nothing cached from other
 * runs): how long the TypeScript language service takes from its creation to the first
 * completion list after `mcp.<server>.` in a file that imports the generated client, as an
 * editor opening that file does (`ms`, parsing every file included), and of that completion
 * alone once the program is loaded (`afterLoadMs`: the files parsed and bound, as when the
 * editor has the project open; the checker's work for the completion is included). Prints
 * `{ ms, afterLoadMs, entries }` as JSON; each figure from a service of its own.
 *
 *   node --import jiti/register test/bench/types-ls.ts <project> <server property>
 */
import path from "node:path";
import ts from "typescript";

const [project, server] = process.argv.slice(2);
if (!project || !server) throw new Error("usage: types-ls.ts <project> <server>");
const consumer = path.join(project, "consumer.ts");
const text = `import { createClient } from "./generated/index.js";\nconst mcp = createClient();\nmcp.${server}.`;
const options = ts.parseJsonConfigFileContent(JSON.parse(ts.sys.readFile(path.join(project, "tsconfig.json")) ?? "{}"), ts.sys, project).options;

const host: ts.LanguageServiceHost = {
  getScriptFileNames: () => [consumer],
  getScriptVersion: () => "1",
  getScriptSnapshot: (file) => {
    if (file === consumer) return ts.ScriptSnapshot.fromString(text);
    const content = ts.sys.readFile(file);
    return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
  },
  getCurrentDirectory: () => project,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (compilerOptions) => ts.getDefaultLibFilePath(compilerOptions),
  fileExists: (file) => file === consumer || ts.sys.fileExists(file),
  readFile: (file) => (file === consumer ? text : ts.sys.readFile(file)),
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
};
const started = performance.now();
const cold = ts.createLanguageService(host, ts.createDocumentRegistry());
const completions = cold.getCompletionsAtPosition(consumer, text.length, {});
const ms = performance.now() - started;

const warm = ts.createLanguageService(host, ts.createDocumentRegistry());
warm.getProgram();
const loaded = performance.now();
warm.getCompletionsAtPosition(consumer, text.length, {});
const afterLoadMs = performance.now() - loaded;
process.stdout.write(JSON.stringify({ ms, afterLoadMs, entries: completions?.entries.length ?? 0 }));
