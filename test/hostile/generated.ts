/**
 * The hostile-names server (test/servers/hostile-names.ts) generated with every target and an
 * approval policy into a temp project, and what the tests compare `Object.prototype` with.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";

export const HOSTILE_NAMES_SERVER = path.join(repoRoot, "test/servers/dist/hostile-names.js");

export interface ServerConfigEntry {
  transport: "stdio";
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** A stdio config for the server in `mode`, logging every call it receives to `log` (when given). */
export function hostileServer(mode: "vocabulary" | "names" | "clashes" | "search" | "refs", label: string, log?: string): ServerConfigEntry {
  return { transport: "stdio", command: process.execPath, args: [HOSTILE_NAMES_SERVER, mode, label], ...(log ? { env: { HOSTILE_CALL_LOG: log } } : {}) };
}

/** A fresh, empty call log file; `calls(log)` reads what the server recorded. */
export function callLog(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "hostile-calls-")), "calls.jsonl");
  writeFileSync(file, "");
  return file;
}

export function calls(log: string): { server: string; tool: string; arguments: Record<string, unknown> }[] {
  return readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}

/** Generates `servers` with every target (and `options`) and returns the output folder and generate's stderr. */
export async function generateHostile(name: string, servers: Record<string, ServerConfigEntry>, options: Record<string, unknown> = {}): Promise<{ dir: string; stderr: string }> {
  const project = tempProject(name);
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  const config = { servers, outDir: "generated", targets: ["langchain", "ai-sdk", "openai-agents"], ...options };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  return { dir: path.join(project, "generated"), stderr: result.stderr };
}

/** Every own property of `Object.prototype` with its descriptor (values and accessors by identity). */
export function prototypeState(): Map<string | symbol, PropertyDescriptor> {
  return new Map(Reflect.ownKeys(Object.prototype).map((key) => [key, Object.getOwnPropertyDescriptor(Object.prototype, key)!]));
}

/** Fails naming each property of `Object.prototype` added, removed or changed since `before`. */
export function expectPrototypeUnchanged(before: Map<string | symbol, PropertyDescriptor>): void {
  const after = prototypeState();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((key) => {
    const a = before.get(key);
    const b = after.get(key);
    return a === undefined || b === undefined || a.value !== b.value || a.get !== b.get || a.set !== b.set || a.writable !== b.writable || a.enumerable !== b.enumerable;
  });
  expect(changed.map(String)).toEqual([]);
  expect(Object.getPrototypeOf(Object.prototype)).toBeNull();
}

/** Arguments with every vocabulary name as an own key (JSON.parse keeps `__proto__` as one). */
export function vocabularyArguments(names: readonly string[]): Record<string, string> {
  return JSON.parse(JSON.stringify(Object.fromEntries(names.map((name) => [name, `value of ${name}`]))));
}

/**
 * The model-facing name every framework target gives a tool of the vocabulary: its own, but for
 * `__proto__`, which no framework's tool map can hold as a key (the raw name still goes on the wire).
 */
export function modelName(tool: string): string {
  return tool === "__proto__" ? "__proto___2" : tool;
}
