/**
 * Relative paths in the config survive a build: one app, whose stdio server is given as
 * `args: ["servers/math.js"]` relative to the config, is run from source (jiti), from
 * `tsc --outDir dist` output with the app folder as rootDir (so `dist/src/…`), and from a Vite
 * (rolldown) SSR bundle, each from another working folder; all three start the server. Without
 * the project-root anchor, the compiled and bundled apps looked for `dist/servers/math.js`.
 * When the script is missing, the error names the path tried and the option that sets it.
 */
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { build } from "vite";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";

let app: string;

const MAIN = `import { createClient } from "./generated/index.js";

const mcp = createClient();
try {
  const sum = await mcp.math.add({ a: 3, b: 5 });
  console.log("sum", sum.structuredContent.result);
} finally {
  await mcp.close();
}
`;

beforeAll(async () => {
  app = tempProject("paths-app");
  // The app's own manifest: the project root the generated connection is anchored at.
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "paths-app", private: true, type: "module" }));
  mkdirSync(path.join(app, "servers"));
  copyFileSync(path.join(repoRoot, "test/servers/dist/math.js"), path.join(app, "servers/math.js"));
  writeFileSync(path.join(app, "codegen.config.json"), JSON.stringify({ servers: { math: { command: "node", args: ["servers/math.js"] } }, outDir: "src/generated" }));
  mkdirSync(path.join(app, "src"), { recursive: true });
  writeFileSync(path.join(app, "src/main.ts"), MAIN);
  const generated = await runCli(["generate", "--quiet"], { cwd: app });
  expect(generated.status, generated.stderr).toBe(0);
  compile();
  await bundle();
}, 120_000);

/** `tsc` with rootDir = the app folder and outDir dist: the generated module lands in dist/src/generated. */
function compile(): void {
  const program = ts.createProgram([path.join(app, "src/main.ts")], {
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2023.d.ts", "lib.esnext.disposable.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    types: ["node"],
    rootDir: app,
    outDir: path.join(app, "dist"),
  });
  const emitted = program.emit();
  const errors = ts.getPreEmitDiagnostics(program).concat(emitted.diagnostics).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  expect(errors).toEqual([]);
}

/** A Vite SSR build: the app and its generated code in one file, packages left external. */
async function bundle(): Promise<void> {
  await build({
    root: app,
    configFile: false,
    logLevel: "silent",
    build: { ssr: path.join(app, "src/main.ts"), outDir: path.join(app, "bundle"), emptyOutDir: true, rolldownOptions: { output: { entryFileNames: "app.mjs" } } },
  });
}

function runNode(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Another working folder than the app's: the path must not depend on where node is started.
    const child = spawn(process.execPath, args, { cwd: os.tmpdir(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const RUNS = {
  source: () => ["--import", import.meta.resolve("jiti/register"), path.join(app, "src/main.ts")],
  "tsc --outDir": () => [path.join(app, "dist/src/main.js")],
  "vite bundle": () => [path.join(app, "bundle/app.mjs")],
};

describe("a stdio server given by a relative path", () => {
  it("the generated connection is anchored at the project root, not at the module", () => {
    const module = readFileSync(path.join(app, "src/generated/math/index.ts"), "utf8");
    expect(module).toMatch(/cwd: pathFromProjectRoot\(import\.meta\.url, "\."\)/);
    // The bundle really holds the generated code (not an import of it).
    expect(readFileSync(path.join(app, "bundle/app.mjs"), "utf8")).toContain("pathFromProjectRoot(import.meta.url");
  });

  it.each(Object.entries(RUNS))("starts from %s", async (_kind, args) => {
    const result = await runNode(args());
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe("sum 8\n");
    expect(result.status).toBe(0);
  });

  it("a missing script: the error names the path tried and the option that sets it", async () => {
    const script = path.join(app, "servers/math.js");
    renameSync(script, `${script}.away`);
    try {
      const result = await runNode(RUNS["tsc --outDir"]());
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(`server "math": could not start "node": args[0] "servers/math.js" not found: tried ${script} (relative paths resolve from the working folder, set by \`cwd\``);
    } finally {
      renameSync(`${script}.away`, script);
    }
  });
});
