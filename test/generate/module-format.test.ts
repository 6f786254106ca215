/**
 * Generated code follows the module format the project compiles to: the nearest tsconfig.json's
 * `module` and package.json's `type` decide, as they decide for TypeScript. A CommonJS project
 * (a stock NestJS app) gets `__filename` where an ES module gets `import.meta.url`; every other
 * byte is the same.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectModuleFormat } from "../../src/config/module-format.js";
import { runCli } from "../helpers/cli.js";
import { MATH_STDIO } from "../helpers/servers.js";

const projects: string[] = [];

/** A project outside the repo (whose own package.json is ESM) holding `files`. */
function project(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "mcp-format-"));
  projects.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

afterEach(() => {
  for (const dir of projects.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const formatOf = (files: Record<string, unknown>) => projectModuleFormat(path.join(project(files), "generated"));

describe("module format of the project", () => {
  it("is CommonJS for module commonjs, and for node16…nodenext outside an ESM package (also through extends)", () => {
    expect(formatOf({ "package.json": { name: "app" }, "tsconfig.json": '{ // comment\n "compilerOptions": { "module": "CommonJS", } }' })).toBe("commonjs");
    expect(formatOf({ "package.json": { name: "app", type: "commonjs" }, "tsconfig.json": { compilerOptions: { module: "NodeNext" } } })).toBe("commonjs");
    expect(formatOf({ "package.json": { name: "app" }, "tsconfig.json": { compilerOptions: { module: "node16" } } })).toBe("commonjs");
    expect(formatOf({ "package.json": {}, "tsconfig.base.json": { compilerOptions: { module: "NodeNext" } }, "tsconfig.json": { extends: "./tsconfig.base" } })).toBe("commonjs");
  });

  it("is ESM for nodenext in an ESM package, a bundler build, and a project whose tsconfig does not say", () => {
    expect(formatOf({ "package.json": { type: "module" }, "tsconfig.json": { compilerOptions: { module: "nodenext" } } })).toBe("esm");
    expect(formatOf({ "package.json": {}, "tsconfig.json": { compilerOptions: { module: "ESNext", moduleResolution: "bundler" } } })).toBe("esm");
    expect(formatOf({ "package.json": {}, "tsconfig.json": { compilerOptions: { module: "preserve" } } })).toBe("esm");
    expect(formatOf({ "package.json": {}, "tsconfig.json": { compilerOptions: { strict: true } } })).toBe("esm");
    expect(formatOf({ "package.json": {} })).toBe("esm");
  });

  it("generate writes __filename in a CommonJS project and import.meta.url in an ESM one, the rest byte for byte the same", async () => {
    const dir = project({
      "package.json": { name: "nest-app", private: true },
      "tsconfig.json": { compilerOptions: { module: "nodenext", moduleResolution: "nodenext" } },
      "codegen.config.json": { servers: { math: MATH_STDIO }, outDir: "src/generated" },
    });
    const commonjs = await runCli(["generate"], { cwd: dir });
    expect(commonjs.status, commonjs.stderr).toBe(0);
    const moduleFile = path.join(dir, "src/generated/math/index.ts");
    const cjsText = readFileSync(moduleFile, "utf8");
    expect(cjsText).not.toContain("import.meta");
    expect(cjsText).toContain("declare const __filename: string;");
    expect(cjsText).toMatch(/cwd: pathFromProjectRoot\(__filename, "[^"]*"\)/);

    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "nest-app", private: true, type: "module" }));
    const esm = await runCli(["generate", "--offline"], { cwd: dir });
    expect(esm.status, esm.stderr).toBe(0);
    const esmText = readFileSync(moduleFile, "utf8");
    expect(esmText).not.toContain("__filename");
    const body = (text: string) => text.split("\n").slice(3).join("\n"); // after the banner's hashes
    expect(body(esmText)).toBe(
      body(cjsText)
        .replace("/** This module's file (CommonJS). */\ndeclare const __filename: string;\n\n", "")
        .replace("pathFromProjectRoot(__filename,", "pathFromProjectRoot(import.meta.url,"),
    );
  });
});
