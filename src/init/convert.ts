/**
 * One editor server entry → one codegen.config entry, with every value that is or may be a
 * secret (secret-named env keys, headers and flags, credentials in URLs and connection strings,
 * token-like values, any value not plainly harmless) replaced by a `${NAME}` placeholder, paths
 * under the user's home made relative or `${HOME}/…`, and editor variables (`${input:id}`,
 * `${env:X}`, `${workspaceFolder}`, `${userHome}`) made into ours. Values: values.ts; arguments:
 * args.ts; URLs: url.ts; rules: secret-rules.ts.
 */
import { envName, type VariableNames } from "./secrets.js";
import { Marks } from "./marks.js";
import type { ConvertPlaces, Scrub } from "./scrub.js";
import { urlWithoutSecrets } from "./url.js";
import { assignedValue, headerValue, judged, localPath } from "./values.js";
import { entryArgs } from "./args.js";
import { isRecord } from "../config/compat.js";

export interface ConvertedServer {
  entry: Record<string, unknown>;
  /** What was left out or changed, for the user to read (never a value). */
  notes: string[];
}

type Editor = Record<string, unknown>;

/** Keys of editor entries that mean nothing to codegen: dropped with a note. */
const DROPPED_KEYS: Readonly<Record<string, string>> = {
  envFile: "envFile not imported: set its variables in the environment",
  alwaysAllow: "alwaysAllow not imported (approvals belong to the host)",
  autoApprove: "autoApprove not imported (approvals belong to the host)",
  gallery: "gallery not imported",
  version: "version not imported",
  dev: "dev not imported",
  timeout: "timeout not imported",
};

export function convertServer(name: string, source: Editor, names: VariableNames, places: ConvertPlaces): ConvertedServer {
  const notes: string[] = [];
  const scrub: Scrub = { server: name, names, places, ownCwd: typeof source["cwd"] === "string", marks: new Marks(), notes };
  const text = (value: unknown): string => editorVariables(String(value), notes);
  const entry: Record<string, unknown> = {};
  const url = source["url"] ?? source["serverUrl"] ?? source["httpUrl"];
  const type = typeof source["type"] === "string" ? source["type"] : typeof source["transport"] === "string" ? source["transport"] : undefined;
  if (typeof source["command"] === "string") {
    entry["transport"] = "stdio";
    entry["command"] = localPath(text(source["command"]), scrub);
    // env first: its keys are the names the user may already have set.
    const env = isRecord(source["env"]) && Object.keys(source["env"]).length > 0 ? envWithoutSecrets(source["env"], text, scrub) : undefined;
    if (Array.isArray(source["args"]) && source["args"].length > 0) entry["args"] = entryArgs(source["args"].map(text), source["command"], scrub);
    if (env) entry["env"] = env;
    if (typeof source["cwd"] === "string") entry["cwd"] = localPath(text(source["cwd"]), { ...scrub, ownCwd: false });
  } else if (typeof url === "string") {
    entry["transport"] = type === "sse" ? "sse" : "http";
    entry["url"] = judged(text(url), { name: envName(`${name}_URL`) }, urlWithoutSecrets, scrub);
    if (isRecord(source["headers"]) && Object.keys(source["headers"]).length > 0) {
      entry["headers"] = Object.fromEntries(
        Object.entries(source["headers"]).map(([header, value]) => [
          header,
          judged(text(value), { name: envName(`${name}_${header}`), field: header }, (marked, inner) => headerValue(header, marked, inner), scrub),
        ]),
      );
    }
  } else {
    notes.push("neither command nor url: left out");
    return { entry: {}, notes };
  }
  if (Array.isArray(source["disabledTools"]) && source["disabledTools"].length > 0) entry["exclude"] = source["disabledTools"].map(String);
  for (const [key, note] of Object.entries(DROPPED_KEYS)) if (key in source) notes.push(note);
  return { entry, notes };
}

function envWithoutSecrets(env: Editor, text: (value: unknown) => string, scrub: Scrub): Record<string, string> {
  const value = (key: string, raw: unknown) => judged(text(raw), { name: key, field: key }, (marked, inner) => assignedValue(key, marked, inner), scrub);
  return Object.fromEntries(Object.entries(env).map(([key, raw]) => [key, value(key, raw)]));
}

/**
 * Editor variables → ours: `${input:api-key}` → `${API_KEY}`, `${env:X}` → `${X}`, … A default
 * (`:-…`) goes along, to be judged with the value; a note names a variable without its default.
 */
function editorVariables(value: string, notes: string[]): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    const cut = inner.indexOf(":-");
    const body = cut < 0 ? inner : inner.slice(0, cut);
    const fallback = cut < 0 ? "" : inner.slice(cut);
    const colon = body.indexOf(":");
    const [kind, rest] = colon < 0 ? ["", body] : [body.slice(0, colon), body.slice(colon + 1)];
    if (kind === "input") return `\${${envName(rest)}${fallback}}`;
    if (kind === "env") return `\${${rest}${fallback}}`;
    if (kind === "" && (rest === "workspaceFolder" || rest === "workspaceRoot")) return ".";
    if (kind === "" && rest === "userHome") return "${HOME}";
    if (kind === "" && (rest === "pathSeparator" || rest === "/")) return "/";
    if (kind === "" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(rest)) return whole;
    notes.push(`editor variable \${${body}} has no equivalent: kept as text`);
    return whole;
  });
}
