/**
 * Generated code is ESM: `generate` stops with one line when the project compiles its TypeScript to
 * CommonJS, and goes on for ESM packages, bundler builds, and projects whose build it cannot tell.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { assertEsmOutput } from "../../src/config/module-format.js";
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

const check = (dir: string) => () => assertEsmOutput(path.join(dir, "generated"), dir);

describe("ESM output check", () => {
  it("refuses a CommonJS build, naming the tsconfig, the package.json and the fix", () => {
    const dir = project({ "package.json": { name: "app" }, "tsconfig.json": '{ // comment\n "compilerOptions": { "module": "CommonJS", } }' });
    expect(check(dir)).toThrow(/generated code is ESM, but tsconfig.json compiles generated as CommonJS \(module "CommonJS", and package.json has no "type" \(so Node\.js reads \.js as CommonJS\)\): add "type": "module"/);
  });

  it('says what package.json says when it sets "type": "commonjs"', () => {
    const dir = project({ "package.json": { name: "app", type: "commonjs" }, "tsconfig.json": { compilerOptions: { module: "NodeNext" } } });
    expect(check(dir)).toThrow(/\(module "NodeNext", and package\.json says "type": "commonjs"\): add "type": "module"/);
  });

  it("refuses nodenext in a package that is not ESM, also through extends", () => {
    const dir = project({ "package.json": {}, "tsconfig.base.json": { compilerOptions: { module: "NodeNext" } }, "tsconfig.json": { extends: "./tsconfig.base" } });
    expect(check(dir)).toThrow(/tsconfig.base.json compiles generated as CommonJS \(module "NodeNext"/);
  });

  it("accepts an ESM package, a bundler build, and a project without tsconfig", () => {
    expect(check(project({ "package.json": { type: "module" }, "tsconfig.json": { compilerOptions: { module: "commonjs" } } }))).not.toThrow();
    expect(check(project({ "package.json": {}, "tsconfig.json": { compilerOptions: { module: "ESNext", moduleResolution: "bundler" } } }))).not.toThrow();
    expect(check(project({ "package.json": {} }))).not.toThrow();
  });

  it("makes generate exit 2 with one line before any server starts", async () => {
    const dir = project({
      "package.json": {},
      "tsconfig.json": { compilerOptions: { module: "commonjs" } },
      "codegen.config.json": { servers: { math: MATH_STDIO }, outDir: "generated" },
    });
    const result = await runCli(["generate"], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^mcp-codegen: generated: generated code is ESM, but tsconfig.json compiles generated as CommonJS/)]);
  });
});
