/**
 * One editor server entry → one codegen.config entry, with every literal env and header value
 * (and credentials in URLs and flags) replaced by a `${NAME}` placeholder, and editor variables
 * (`${input:id}`, `${env:X}`, `${workspaceFolder}`, `${userHome}`) made into ours.
 */
import { envName, headerPlaceholder, SECRET_NAME, type VariableNames } from "./secrets.js";
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

const OUR_VARIABLE = /\$\{(?:env:)?[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/;

export function convertServer(name: string, source: Editor, names: VariableNames): ConvertedServer {
  const notes: string[] = [];
  const text = (value: unknown): string => editorVariables(String(value), names, notes);
  const entry: Record<string, unknown> = {};
  const url = source["url"] ?? source["serverUrl"] ?? source["httpUrl"];
  const type = typeof source["type"] === "string" ? source["type"] : typeof source["transport"] === "string" ? source["transport"] : undefined;
  if (typeof source["command"] === "string") {
    entry["transport"] = "stdio";
    entry["command"] = text(source["command"]);
    // env first: its keys are the names the user may already have set.
    const env = isRecord(source["env"]) && Object.keys(source["env"]).length > 0 ? envWithoutSecrets(source["env"], text, names, name) : undefined;
    if (Array.isArray(source["args"]) && source["args"].length > 0) entry["args"] = argsWithoutSecrets(source["args"].map(text), name, names);
    if (env) entry["env"] = env;
    if (typeof source["cwd"] === "string") entry["cwd"] = text(source["cwd"]);
  } else if (typeof url === "string") {
    entry["transport"] = type === "sse" ? "sse" : "http";
    entry["url"] = urlWithoutSecrets(text(url), name, names);
    if (isRecord(source["headers"]) && Object.keys(source["headers"]).length > 0) {
      entry["headers"] = Object.fromEntries(
        Object.entries(source["headers"]).map(([header, value]) => {
          const converted = text(value);
          return [header, OUR_VARIABLE.test(converted) ? converted : headerPlaceholder(name, header, converted, names)];
        }),
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

function envWithoutSecrets(env: Editor, text: (value: unknown) => string, names: VariableNames, server: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => {
      const converted = text(value);
      return [key, OUR_VARIABLE.test(converted) ? converted : `\${${names.claim(key, converted, server)}}`];
    }),
  );
}

/** `--api-key=…`, `--token …` and `--header "Authorization: Bearer …"` lose their values. */
function argsWithoutSecrets(args: string[], server: string, names: VariableNames): string[] {
  return args.map((arg, index) => {
    if (OUR_VARIABLE.test(arg)) return arg;
    const previous = args[index - 1] ?? "";
    const assigned = /^(--?[A-Za-z0-9_.-]+)=(.+)$/.exec(arg);
    if (assigned?.[1] !== undefined && assigned[2] !== undefined && SECRET_NAME.test(assigned[1])) {
      return `${assigned[1]}=\${${names.claim(envName(`${server}_${assigned[1]}`), assigned[2], server)}}`;
    }
    if (/^(--header|-H)$/.test(previous)) {
      const header = /^([^:]+):\s*(.*)$/.exec(arg);
      if (header?.[1] !== undefined && header[2] !== undefined) return `${header[1]}: ${headerPlaceholder(server, header[1], header[2], names)}`;
    }
    if (/^--?[A-Za-z0-9_.-]+$/.test(previous) && SECRET_NAME.test(previous) && !arg.startsWith("-")) {
      return `\${${names.claim(envName(`${server}_${previous}`), arg, server)}}`;
    }
    return /^https?:\/\//.test(arg) ? urlWithoutSecrets(arg, server, names) : arg;
  });
}

/** A password in the URL and credential-like query parameters become placeholders. */
function urlWithoutSecrets(url: string, server: string, names: VariableNames): string {
  const userinfo = /^(https?:\/\/[^/:@]+):([^/@]+)@/.exec(url);
  let out = url;
  if (userinfo?.[2] !== undefined && !OUR_VARIABLE.test(userinfo[2])) {
    out = out.replace(`:${userinfo[2]}@`, `:\${${names.claim(envName(`${server}_PASSWORD`), userinfo[2], server)}}@`);
  }
  const query = out.indexOf("?");
  if (query < 0) return out;
  const hash = out.indexOf("#", query);
  const end = hash < 0 ? out.length : hash;
  const params = out
    .slice(query + 1, end)
    .split("&")
    .map((pair) => {
      const [key = "", value] = pair.split(/=(.*)/s);
      if (value === undefined || value === "" || !SECRET_NAME.test(key) || OUR_VARIABLE.test(value)) return pair;
      return `${key}=\${${names.claim(envName(`${server}_${key}`), value, server)}}`;
    });
  return `${out.slice(0, query + 1)}${params.join("&")}${out.slice(end)}`;
}

/** Editor variables → ours: `${input:api-key}` → `${API_KEY}`, `${env:X}` → `${X}`, … */
function editorVariables(value: string, names: VariableNames, notes: string[]): string {
  return value.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
    const [kind, rest] = inner.includes(":") && !inner.includes(":-") ? [inner.slice(0, inner.indexOf(":")), inner.slice(inner.indexOf(":") + 1)] : ["", inner];
    if (kind === "input") return refer(envName(rest), names);
    if (kind === "env") return refer(rest, names);
    if (kind === "" && (rest === "workspaceFolder" || rest === "workspaceRoot")) return ".";
    if (kind === "" && rest === "userHome") return refer("HOME", names);
    if (kind === "" && (rest === "pathSeparator" || rest === "/")) return "/";
    if (kind === "" && /^[A-Za-z_][A-Za-z0-9_]*(:-.*)?$/.test(rest)) {
      names.refer(rest.split(":-")[0] ?? rest);
      return whole;
    }
    notes.push(`editor variable ${whole} has no equivalent: kept as text`);
    return whole;
  });
}

function refer(name: string, names: VariableNames): string {
  names.refer(name);
  return `\${${name}}`;
}
