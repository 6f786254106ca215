/**
 * `outputHandling`, as `@langchain/mcp-adapters` defines it: where each MCP content block type of
 * a tool result goes in a LangChain ToolMessage, the model-visible `content` or the `artifact`
 * the application keeps. `"content"` / `"artifact"` send every type there; an object names
 * types, and the types it leaves out keep the default (embedded resources to the artifact,
 * the rest to the content). A server's value wins over the client-wide one, type by type.
 *
 * Shared by the generator (config validation, the value written into generated connections),
 * the runtime's LangChain tools and the compat client. No SDK, no LangChain: the generator's
 * light core loads it.
 */

export const MCP_BLOCK_TYPES = ["text", "image", "audio", "resource", "resource_link"] as const;
export type McpBlockType = (typeof MCP_BLOCK_TYPES)[number];

export const OUTPUT_TARGETS = ["content", "artifact"] as const;
export type OutputTarget = (typeof OUTPUT_TARGETS)[number];

/** Every block type to one place, or per block type (types left out keep their default). */
export type OutputHandling = OutputTarget | { readonly [T in McpBlockType]?: OutputTarget | undefined };

/** Where each block type goes. */
export type OutputRoutes = Readonly<Record<McpBlockType, OutputTarget>>;

/** The peer's default: embedded resources to the artifact, everything else to the model. */
const DEFAULT_ROUTES: OutputRoutes = { text: "content", image: "content", audio: "content", resource: "artifact", resource_link: "content" };

/** What a valid value looks like, for error messages. */
export const OUTPUT_HANDLING_EXPECTED = `expected "content", "artifact" or an object of block types (${MCP_BLOCK_TYPES.join(", ")}) each "content" or "artifact"`;
export const OUTPUT_TARGET_EXPECTED = 'expected "content" or "artifact"';

/** The block types `handling` names, each with its target (a shorthand names them all). */
function perType(handling: OutputHandling | undefined): Partial<Record<McpBlockType, OutputTarget>> {
  if (handling === undefined) return {};
  const named: Partial<Record<McpBlockType, OutputTarget>> = {};
  for (const type of MCP_BLOCK_TYPES) {
    const target = typeof handling === "string" ? handling : handling[type];
    if (target !== undefined) named[type] = target;
  }
  return named;
}

/**
 * `override` over `base`, type by type (a shorthand override replaces `base` entirely), without
 * filling in defaults: what a config's top-level value and a server's own make together.
 */
export function mergeOutputHandling(base: OutputHandling | undefined, override: OutputHandling | undefined): OutputHandling | undefined {
  if (base === undefined || override === undefined || typeof override === "string") return override ?? base;
  return { ...perType(base), ...perType(override) };
}

/** The routes of one server: its own value over the client-wide one, that over the defaults. */
export function outputRoutes(client: OutputHandling | undefined, server: OutputHandling | undefined): OutputRoutes {
  return { ...DEFAULT_ROUTES, ...perType(client), ...perType(server) };
}

function routeOf(routes: OutputRoutes, type: string): OutputTarget {
  // A block type newer than this runtime goes where the model sees it.
  return (routes as Partial<Record<string, OutputTarget>>)[type] ?? "content";
}

/** What is wrong with an `outputHandling` value given at run time (JavaScript callers), or undefined. */
export function outputHandlingProblem(value: unknown): { path: string; message: string } | undefined {
  if (typeof value === "string") return isTarget(value) ? undefined : { path: "", message: OUTPUT_HANDLING_EXPECTED };
  if (value === null || typeof value !== "object" || Array.isArray(value)) return { path: "", message: OUTPUT_HANDLING_EXPECTED };
  for (const [type, target] of Object.entries(value)) {
    if (!(MCP_BLOCK_TYPES as readonly string[]).includes(type)) return { path: `.${type}`, message: `unknown block type (expected one of ${MCP_BLOCK_TYPES.join(", ")})` };
    if (target !== undefined && !isTarget(target)) return { path: `.${type}`, message: OUTPUT_TARGET_EXPECTED };
  }
  return undefined;
}

function isTarget(value: unknown): value is OutputTarget {
  return (OUTPUT_TARGETS as readonly unknown[]).includes(value);
}

/** The blocks for the model and those for the artifact, each in the result's order. */
export function partitionBlocks<B extends { readonly type: string }>(blocks: readonly B[], routes: OutputRoutes): { content: B[]; artifact: B[] } {
  const content: B[] = [];
  const artifact: B[] = [];
  for (const block of blocks) (routeOf(routes, block.type) === "content" ? content : artifact).push(block);
  return { content, artifact };
}
