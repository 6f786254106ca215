/**
 * What the general conformance client does per scenario: the steps a user of the runtime would
 * take against that scenario's server. A scenario not listed gets DEFAULT_FLOW.
 */
export type Step = "listTools" | "callTools" | "readResources" | "getPrompts";

/** List the tools and call each one (arguments from the scenario's context or the schema). */
const DEFAULT_FLOW: readonly Step[] = ["listTools", "callTools"];

const FLOWS: Readonly<Record<string, readonly Step[]>> = {
  // The handshake (2025) or per-request metadata (2026) is what is checked; one listing shows it.
  initialize: ["listTools"],
  "request-metadata": ["listTools"],
  // The server answers only tools/list; the check is that the client never fetches the $ref.
  "json-schema-ref-no-deref": ["listTools"],
  // Mcp-Method / Mcp-Name on every kind of request.
  "http-standard-headers": ["listTools", "callTools", "readResources", "getPrompts"],
};

export function flowOf(scenario: string): readonly Step[] {
  return FLOWS[scenario] ?? DEFAULT_FLOW;
}
