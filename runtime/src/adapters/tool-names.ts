/**
 * Tool names for model providers: `^[a-zA-Z0-9_-]{1,64}$` (OpenAI, Anthropic, Gemini agree on
 * this subset). The raw MCP name still goes on the wire; only the framework's name changes. One
 * naming pass for every target: `serverToolNames` decides one server's names (the generator uses
 * it for the types it emits, the LangChain, AI SDK and OpenAI Agents adapters for the tools they
 * build), `planUniqueNames` the names of several servers' tools put together.
 */
const INVALID_CHARS = /[^a-zA-Z0-9_-]/g;

/**
 * The characters each framework's names may hold. The OpenAI Agents SDK turns every other
 * character, `-` included, into `_` itself (`rm-rf` → `rm_rf`): its names are decided with its
 * own alphabet so that no two tools end up sharing one there.
 */
export const NAME_ALPHABETS = {
  provider: INVALID_CHARS,
  "openai-agents": /[^a-zA-Z0-9_]/g,
} as const satisfies Record<string, RegExp>;
export type NameAlphabet = keyof typeof NAME_ALPHABETS;
export const MAX_TOOL_NAME_LENGTH = 64;
export const PREFIX_SEPARATOR = "__";

export function providerToolName(server: string, tool: string, prefix: boolean, alphabet: NameAlphabet = "provider"): string {
  const raw = prefix ? `${server}${PREFIX_SEPARATOR}${tool}` : tool;
  const safe = raw.replace(NAME_ALPHABETS[alphabet], "_").slice(0, MAX_TOOL_NAME_LENGTH);
  return safe === "" ? "_" : safe;
}

/**
 * Model-facing names no tool gets, though a provider would accept them: frameworks keep tools
 * and approval settings in plain objects keyed by name, where `__proto__` is the prototype, not a
 * key (LangChain's humanInTheLoopMiddleware fails on it). The raw name still goes on the wire.
 */
const UNUSABLE_NAMES: ReadonlySet<string> = new Set(["__proto__"]);

export interface ServerToolNames {
  /** In the order of the raw names given. */
  readonly names: string[];
  readonly renames: Rename[];
}

/**
 * One server's model-facing tool names, each unique, whatever the order the tools come in: a
 * tool whose name is already valid keeps it; the others, in code-unit order of their raw names,
 * get their sanitised name when no other tool has it, else the first free `_2`, `_3`, … (never a
 * name another tool of the server has). `rm_rf` stays `rm_rf`, `rm.rf` becomes `rm_rf_2`.
 */
export function serverToolNames(server: string, tools: readonly string[], prefix: boolean, alphabet: NameAlphabet = "provider"): ServerToolNames {
  const bases = tools.map((tool) => providerToolName(server, tool, prefix, alphabet));
  const exact = tools.map((tool, index) => !UNUSABLE_NAMES.has(bases[index]!) && bases[index] === (prefix ? `${server}${PREFIX_SEPARATOR}${tool}` : tool));
  const holders = new Map<string, string>();
  tools.forEach((tool, index) => {
    const base = bases[index]!;
    if (exact[index] && !holders.has(base)) holders.set(base, tool);
  });
  const all = new Set([...bases, ...UNUSABLE_NAMES]);
  const taken = new Set<string>(UNUSABLE_NAMES);
  const names = [...bases];
  const renames: Rename[] = [];
  const order = tools.map((_, index) => index).sort((a, b) => Number(exact[b]) - Number(exact[a]) || compareCodeUnits(tools[a]!, tools[b]!));
  for (const index of order) {
    const base = bases[index]!;
    const holder = holders.get(base);
    if (!taken.has(base) && (holder === undefined || holder === tools[index])) {
      taken.add(base);
      continue;
    }
    const to = freeName(base, (candidate) => taken.has(candidate) || all.has(candidate));
    taken.add(to);
    names[index] = to;
    const reason = UNUSABLE_NAMES.has(base)
      ? `"${base}" is no usable key in a framework's tool map`
      : `${JSON.stringify(tools[index])} and ${JSON.stringify(holder ?? tools[order.find((i) => bases[i] === base)!]!)} are both "${base}" for model providers`;
    renames.push({ index, from: base, to, reason });
  }
  return { names, renames: renames.sort((a, b) => a.index - b.index) };
}

/** Code-unit order (as the snapshot sorts), not the locale's. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Where a LangChain tool's name came from. */
export interface NamedTool {
  readonly server: string;
  /** The raw MCP name. */
  readonly tool: string;
  readonly name: string;
}

export interface Rename {
  readonly index: number;
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

/**
 * Deterministic renames that make every name unique, in two steps:
 * 1. a name shared by tools of different servers: each of them gets its `server__` prefix;
 * 2. a name still taken (sanitising or truncation made two names equal): the later tools, in
 *    list order, get `_2`, `_3`, … (the name shortened to keep within 64 characters), never
 *    a name another tool already has.
 */
export function planUniqueNames(tools: readonly NamedTool[], alphabet: NameAlphabet = "provider"): Rename[] {
  const names = tools.map((tool) => tool.name);
  const renames: Rename[] = [];
  const serversByName = new Map<string, Set<string>>();
  for (const tool of tools) {
    const servers = serversByName.get(tool.name) ?? new Set<string>();
    servers.add(tool.server);
    serversByName.set(tool.name, servers);
  }
  tools.forEach((tool, index) => {
    const servers = serversByName.get(tool.name)!;
    if (servers.size < 2) return;
    const to = providerToolName(tool.server, tool.tool, true, alphabet);
    if (to === tool.name) return;
    names[index] = to;
    renames.push({ index, from: tool.name, to, reason: `servers ${[...servers].sort().join(", ")} all have a tool named "${tool.name}"` });
  });

  const taken = new Set<string>();
  const all = new Set(names);
  names.forEach((name, index) => {
    if (!taken.has(name)) {
      taken.add(name);
      return;
    }
    const to = freeName(name, (candidate) => taken.has(candidate) || all.has(candidate));
    taken.add(to);
    all.add(to);
    names[index] = to;
    const tool = tools[index]!;
    renames.push({ index, from: tool.name, to, reason: `another tool is already named "${name}"` });
  });
  return renames;
}

function freeName(base: string, isTaken: (name: string) => boolean): string {
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
