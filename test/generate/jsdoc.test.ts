/**
 * The JSDoc a user sees on a generated tool method, read through the TypeScript language service
 * (quick info, as an editor shows it) on the module generated from server-everything over stdio:
 * title, description, annotations in words, a note when there is no output schema, and a
 * `@param` per argument with its description.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING_STDIO } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { STRICT_OPTIONS } from "../helpers/typecheck.js";

let project: string;
let service: ts.LanguageService;
const consumerFile = () => path.join(project, "consumer.ts");
const CONSUMER = `import { createClient } from "./out/index.js";
const mcp = createClient();
void mcp.everything.echo;
void mcp.everything.getStructuredContent;
void mcp.everything.getTinyImage;
void mcp.everything.getAnnotatedMessage;
`;

beforeAll(async () => {
  project = tempProject("jsdoc");
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify({ servers: { everything: EVERYTHING_STDIO }, outDir: "out" }));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  writeFileSync(consumerFile(), CONSUMER);
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [consumerFile()],
    getScriptVersion: () => "1",
    getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(file) ?? "") : undefined),
    getCurrentDirectory: () => project,
    getCompilationSettings: () => STRICT_OPTIONS,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  service = ts.createLanguageService(host);
}, 120_000);

/** What the editor shows on hover over `member` in the consumer: the doc text and the tags. */
function hover(member: string): { doc: string; tags: string[] } {
  const position = CONSUMER.indexOf(`.${member};`) + 1;
  const info = service.getQuickInfoAtPosition(consumerFile(), position);
  if (!info) throw new Error(`no quick info for ${member}`);
  return {
    doc: ts.displayPartsToString(info.documentation),
    tags: (info.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`.trim()),
  };
}

describe("JSDoc of generated tool methods", () => {
  it("shows the title, description and annotations in words, and notes an undeclared output schema", () => {
    const { doc, tags } = hover("echo");
    expect(doc).toContain("Echo Tool");
    expect(doc).toContain("Echoes back the input string");
    expect(doc).toContain("Hints from the server: read-only, not destructive, idempotent, closed-world.");
    expect(doc).toContain("The server declares no output schema: `structuredContent` is `unknown`");
    expect(tags).toEqual(["@param args.message Message to echo"]);
  });

  it("says nothing of the output when the tool declares its schema; marks optional arguments", () => {
    const structured = hover("getStructuredContent");
    expect(structured.doc).not.toContain("no output schema");
    expect(structured.tags).toEqual(["@param args.location Choose city"]);
    expect(hover("getAnnotatedMessage").tags).toEqual([
      "@param args.messageType Type of message to demonstrate different annotation patterns",
      "@param args.includeImage (optional) Whether to include an example image",
    ]);
  });

  it("keeps a tool without arguments free of @param lines", () => {
    const { tags } = hover("getTinyImage");
    expect(tags).toEqual([]);
  });
});
