/**
 * Every problem of a config file at once, each with its key path, misspelled keys with the
 * key they were probably meant to be.
 */
import path from "node:path";
import type { ZodError, core } from "zod";
import { CodegenError, pushAll } from "@mcp-codegen/runtime/internal";
import { AUDIT_KEYS, AUTH_KEYS, DRIFT_KEYS, OUTPUT_HANDLING_KEYS, SERVER_KEYS, TOP_LEVEL_KEYS, TRANSPORTS } from "./schema.js";
import { didYouMean } from "./suggest.js";

export interface ConfigIssue {
  /** Key path: `servers.math.command`; empty for the whole file. */
  path: string;
  message: string;
}

/** A config with one or more problems; `issues` holds all of them, one line each. */
export class ConfigInvalidError extends CodegenError {
  readonly issues: readonly ConfigIssue[];

  constructor(configPath: string, unsorted: readonly ConfigIssue[]) {
    const file = path.basename(configPath);
    // By key path, so that the problems of one entry stand together.
    const issues = [...unsorted].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const first = issues[0];
    const more = issues.length > 1 ? ` (${issues.length} problems)` : "";
    super("config", `${first?.message ?? "invalid config"}${more}`, { subject: `${file}: ${first?.path || "(root)"}` });
    this.issues = issues;
  }

  /** One line per problem: `codegen.config.ts: servers.math.comand: unknown key (did you mean "command"?)`. */
  lines(): string[] {
    const file = this.subject?.split(": ")[0] ?? "config";
    return this.issues.map((issue) => `${file}: ${issue.path || "(root)"}: ${issue.message}`);
  }
}

/** Zod's issues as config issues; `untyped` servers already have their transport issue. */
export function zodIssues(error: ZodError, raw: unknown, untyped: ReadonlySet<string>): ConfigIssue[] {
  return configIssues(error.issues, [], raw, untyped);
}

function configIssues(zod: readonly core.$ZodIssue[], under: readonly string[], raw: unknown, untyped: ReadonlySet<string>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const issue of zod) {
    const keys = [...under, ...issue.path.map(String)];
    const at = keys.join(".");
    if (keys[0] === "servers" && keys.length === 3 && keys[2] === "transport" && untyped.has(keys[1] ?? "")) continue;
    if (issue.code === "unrecognized_keys") {
      const known = knownKeys(keys, raw);
      for (const key of issue.keys) issues.push({ path: at ? `${at}.${key}` : key, message: unknownKey(key, known) });
      continue;
    }
    if (issue.code === "invalid_key") {
      // A key the record refuses: named quoted (`servers: ".."`), as a dotted path would hide it.
      const key = keys.at(-1) ?? "";
      const parent = keys.slice(0, -1).join(".");
      for (const inner of issue.issues) issues.push({ path: parent, message: `${JSON.stringify(key)}: ${issueMessage(inner.message)}` });
      continue;
    }
    const branch = issue.code === "invalid_union" ? matchingBranch(issue.errors) : undefined;
    if (branch) pushAll(issues, configIssues(branch, keys, raw, untyped));
    else issues.push({ path: at, message: issueMessage(issue.message) + valueHint(issue, keys, raw) });
  }
  return issues;
}

/**
 * The one alternative of a union the value has the shape of (its problems are inside the value,
 * e.g. `outputHandling.image`), whose issues say more than the union's message; undefined when
 * no alternative, or more than one, fits.
 */
function matchingBranch(branches: readonly (readonly core.$ZodIssue[])[]): readonly core.$ZodIssue[] | undefined {
  const inside = branches.filter((issues) => issues.length > 0 && issues.every((issue) => issue.path.length > 0));
  return inside.length === 1 ? inside[0] : undefined;
}

function unknownKey(key: string, known: readonly string[]): string {
  const guess = didYouMean(key, known);
  if (guess) return `unknown key (did you mean "${guess}"?)`;
  return known.length === 0 ? "unknown key" : `unknown key (expected one of ${known.join(", ")})`;
}

/** Allowed values of an enum-like key, for a did-you-mean on a misspelled value. */
const VALUE_CHOICES: Readonly<Record<string, readonly string[]>> = {
  transport: TRANSPORTS,
  type: TRANSPORTS,
};

/** ` (did you mean "stdio"?)` for a misspelled enum value such as `transport: "stdoi"`; empty otherwise. */
function valueHint(issue: core.$ZodIssue, keys: readonly string[], raw: unknown): string {
  const value = valueAt(raw, keys);
  if (typeof value !== "string") return "";
  const choices = issue.code === "invalid_value" ? issue.values.filter((choice): choice is string => typeof choice === "string") : VALUE_CHOICES[keys.at(-1) ?? ""];
  const guess = choices ? didYouMean(value, choices) : undefined;
  return guess && guess !== value ? ` (got ${JSON.stringify(value)}: did you mean "${guess}"?)` : "";
}

function valueAt(raw: unknown, keys: readonly string[]): unknown {
  let value = raw;
  for (const key of keys) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

/** "Invalid input: expected string, received undefined" → "missing (expected string)". */
function issueMessage(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  return missing ? `missing (expected ${missing[1]})` : message;
}

/** The keys allowed where an unknown key was found. */
function knownKeys(keys: readonly string[], raw: unknown): readonly string[] {
  if (keys.length === 0) return TOP_LEVEL_KEYS;
  if (keys.length === 1 && keys[0] === "drift") return DRIFT_KEYS;
  if (keys.length === 1 && keys[0] === "audit") return AUDIT_KEYS;
  if (keys.at(-1) === "outputHandling") return OUTPUT_HANDLING_KEYS;
  if (keys.length === 2 && keys[0] === "servers") {
    const entry = (raw as { servers?: Record<string, { transport?: unknown }> }).servers?.[keys[1] ?? ""];
    const transport = entry?.transport;
    if (transport === "stdio") return SERVER_KEYS.stdio;
    if (transport === "sse") return SERVER_KEYS.sse;
    return SERVER_KEYS.http;
  }
  if (keys.length === 3 && keys[0] === "servers" && keys[2] === "auth") {
    const auth = (raw as { servers?: Record<string, { auth?: { type?: unknown } }> }).servers?.[keys[1] ?? ""]?.auth;
    return AUTH_KEYS.get(String(auth?.type)) ?? [];
  }
  return [];
}
