/**
 * `x-mcp-header` (MCP 2026-07-28, SEP-2243): a tool input property whose value a client over
 * streamable HTTP mirrors into an `Mcp-Param-{name}` header. A tool whose declarations break
 * the rules must be left out by clients; the generator and live listings both use this check.
 *
 * Rules: the annotation sits on a property reached from the root through `properties` only;
 * its value is a non-empty HTTP token (RFC 9110); the property's `type` is string, integer or
 * boolean; header names are unique ignoring case.
 */

export const X_MCP_HEADER = "x-mcp-header";

/** One parameter that travels as a header: its property path from the root and the header name. */
export interface HeaderParameter {
  path: readonly string[];
  header: string;
  type: "string" | "integer" | "boolean";
}

export type HeaderScan = { valid: true; parameters: HeaderParameter[] } | { valid: false; reason: string };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE_TYPES = new Set(["string", "integer", "boolean"]);
/** Keywords whose values are data, not subschemas (an `x-mcp-header` key inside them means nothing). */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

export function scanHeaderParameters(inputSchema: unknown): HeaderScan {
  const parameters: HeaderParameter[] = [];
  const seen = new Map<string, string>();
  const fault = visit(inputSchema, [], true, parameters, seen);
  return fault === undefined ? { valid: true, parameters } : { valid: false, reason: fault };
}

/**
 * The walk keeps one path for the whole schema (a declaration copies it): each step pushes its
 * segment and pops it on the way back. A fault ends the walk, path and all. The loops are indexed,
 * with no closure per property: it runs over every node of every tool's input schema, and a
 * `for…of` or `Object.entries` allocates per step until V8 optimizes the function.
 */
function visit(node: unknown, path: string[], reachable: boolean, out: HeaderParameter[], seen: Map<string, string>): string | undefined {
  if (Array.isArray(node)) {
    for (let index = 0; index < node.length; index++) {
      const fault = visit(node[index], path, false, out, seen);
      if (fault !== undefined) return fault;
    }
    return undefined;
  }
  if (node === null || typeof node !== "object") return undefined;
  const schema = node as Record<string, unknown>;
  if (Object.hasOwn(schema, X_MCP_HEADER)) {
    const fault = declaration(schema, path, reachable, out, seen);
    if (fault !== undefined) return fault;
  }
  const keywords = Object.keys(schema);
  for (let index = 0; index < keywords.length; index++) {
    const keyword = keywords[index]!;
    const value = schema[keyword];
    // A value that is not an object or array holds no declaration (most keywords: no path built).
    if (DATA_KEYWORDS.has(keyword) || keyword === X_MCP_HEADER || value === null || typeof value !== "object") continue;
    const fault = keyword === "properties" && !Array.isArray(value) ? visitProperties(value as Record<string, unknown>, path, reachable, out, seen) : visitWithin(value, `(${keyword})`, path, out, seen);
    if (fault !== undefined) return fault;
  }
  return undefined;
}

function visitProperties(properties: Record<string, unknown>, path: string[], reachable: boolean, out: HeaderParameter[], seen: Map<string, string>): string | undefined {
  const names = Object.keys(properties);
  for (let index = 0; index < names.length; index++) {
    path.push(names[index]!);
    const fault = visit(properties[names[index]!], path, reachable, out, seen);
    path.pop();
    if (fault !== undefined) return fault;
  }
  return undefined;
}

/** The value of a keyword other than `properties`: no declaration inside it is reached through `properties` alone. */
function visitWithin(value: unknown, segment: string, path: string[], out: HeaderParameter[], seen: Map<string, string>): string | undefined {
  path.push(segment);
  const fault = visit(value, path, false, out, seen);
  path.pop();
  return fault;
}

function declaration(schema: Record<string, unknown>, path: string[], reachable: boolean, out: HeaderParameter[], seen: Map<string, string>): string | undefined {
  const where = path.length === 0 ? "the input schema's root" : `property ${JSON.stringify(path.join("."))}`;
  if (!reachable || path.length === 0) return `${X_MCP_HEADER} on ${where}: only properties reached through "properties" may travel as headers`;
  const header = schema[X_MCP_HEADER];
  if (typeof header !== "string" || header === "") return `${X_MCP_HEADER} on ${where} is not a non-empty string`;
  if (!TOKEN.test(header)) return `${X_MCP_HEADER} ${JSON.stringify(header)} on ${where} is not an HTTP token`;
  const type = schema["type"];
  if (typeof type !== "string" || !PRIMITIVE_TYPES.has(type)) {
    return `${X_MCP_HEADER} on ${where}: the property must be of type string, integer or boolean (it is ${typeof type === "string" ? type : "untyped"})`;
  }
  const lower = header.toLowerCase();
  const earlier = seen.get(lower);
  if (earlier !== undefined) return `${X_MCP_HEADER} ${JSON.stringify(header)} on ${where} repeats ${JSON.stringify(earlier)} (header names ignore case)`;
  seen.set(lower, header);
  out.push({ path: [...path], header, type: type as HeaderParameter["type"] });
  return undefined;
}

/** The tools whose header declarations are valid; `warn` hears each one left out, with the reason. */
export function withValidHeaders<T extends { name: string; inputSchema?: unknown }>(tools: readonly T[], warn: (tool: string, reason: string) => void): T[] {
  return tools.filter((tool) => {
    const scan = scanHeaderParameters(tool.inputSchema);
    if (!scan.valid) warn(tool.name, scan.reason);
    return scan.valid;
  });
}
