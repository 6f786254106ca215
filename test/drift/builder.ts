/** In-memory snapshot builders for drift tests: entities get real fingerprints like `buildSnapshot` gives them. */
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import { hashJson } from "../../runtime/src/shared/hash.js";
import type {
  JsonObject,
  PromptArgumentEntry,
  PromptEntry,
  ResourceEntry,
  ResourceTemplateEntry,
  ServerSnapshot,
  Snapshot,
  SkillEntry,
  ToolEntry,
} from "../../runtime/src/shared/snapshot.js";
import { buildSkillEntry } from "../../runtime/src/shared/skills.js";
import { diffSnapshots } from "../../runtime/src/drift/diff.js";
import type { DriftOptions, DriftReport } from "../../runtime/src/drift/types.js";

type Body<T> = Omit<T, "hash">;

function withHash<T extends object>(body: T): T & { hash: string } {
  return { ...body, hash: hashJson(body) };
}

export function tool(name: string, inputSchema: JsonObject = { type: "object" }, extra: Partial<Body<ToolEntry>> = {}): ToolEntry {
  return withHash({ name, inputSchema, ...extra });
}

export function prompt(name: string, args: PromptArgumentEntry[] = [], extra: Partial<Body<PromptEntry>> = {}): PromptEntry {
  return withHash({ name, arguments: args, ...extra });
}

export function resource(uri: string, extra: Partial<Body<ResourceEntry>> = {}): ResourceEntry {
  return withHash({ uri, name: uri.split("/").pop() ?? uri, ...extra });
}

/**
 * A skill entry built as capture builds it: `files` maps each path (besides SKILL.md) to a seed
 * its digest is made of, so changing the seed changes the file's bytes.
 */
export function skill(name: string, files: Record<string, string> = {}, frontmatter: Record<string, Json> = {}, options: { dynamic?: boolean } = {}): SkillEntry {
  const root = `skill://${name}/`;
  const digestOf = (seed: string) => `sha256:${hashJson(seed).padEnd(64, "0")}`;
  const listed = [{ uri: `${root}SKILL.md`, size: 10, digest: digestOf(`${name}-manifest`) }, ...Object.entries(files).map(([path, seed]) => ({ uri: `${root}${path}`, size: seed.length, digest: digestOf(seed) }))];
  const built = buildSkillEntry(
    { uri: `${root}SKILL.md`, frontmatter: { name, description: `The ${name} skill.`, ...frontmatter }, resources: options.dynamic ? "dynamic" : listed },
    { size: 10, digest: digestOf(`${name}-manifest`) },
  );
  if ("problem" in built) throw new Error(built.problem);
  return built.entry;
}

export function template(uriTemplate: string, name: string, extra: Partial<Body<ResourceTemplateEntry>> = {}): ResourceTemplateEntry {
  return withHash({ uriTemplate, name, ...extra });
}

export function server(parts: Partial<Body<ServerSnapshot>> = {}): ServerSnapshot {
  return withHash({
    protocolVersion: "2025-06-18",
    serverInfo: { name: "test-server", version: "1.0.0" },
    capabilities: { tools: { listChanged: true } },
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    ...parts,
  });
}

export function snapshot(servers: Record<string, ServerSnapshot>): Snapshot {
  return { format: 1, servers };
}

/** An object schema with the given properties (`required` names listed). */
export function obj(properties: Record<string, Json>, required: string[] = [], extra: JsonObject = {}): JsonObject {
  return { type: "object", properties, ...(required.length ? { required } : {}), ...extra };
}

/** Diff one server "s" before/after. */
export function diffServers(before: Partial<Body<ServerSnapshot>>, after: Partial<Body<ServerSnapshot>>, options?: DriftOptions): DriftReport {
  return diffSnapshots(snapshot({ s: server(before) }), snapshot({ s: server(after) }), options);
}

/** Diff one tool "t" whose input schema changes. */
export function diffInput(before: JsonObject, after: JsonObject, options?: DriftOptions): DriftReport {
  return diffServers({ tools: [tool("t", before)] }, { tools: [tool("t", after)] }, options);
}

/** Diff one tool "t" whose output schema changes (`undefined` = no output schema). */
export function diffOutput(before: JsonObject | undefined, after: JsonObject | undefined): DriftReport {
  const make = (outputSchema: JsonObject | undefined): ToolEntry => tool("t", { type: "object" }, outputSchema ? { outputSchema } : {});
  return diffServers({ tools: [make(before)] }, { tools: [make(after)] });
}

export function ruleIds(report: DriftReport): string[] {
  return report.changes.map((change) => change.ruleId);
}
