/**
 * Test MCP server (stdio, protocol 2025-06-18) whose every name comes from the hostile vocabulary
 * (hostile-vocabulary.ts), written without the SDK so that `__proto__` travels as the ordinary
 * JSON key it is. Usage:
 *
 *   node hostile-names.js vocabulary [label]
 *   node hostile-names.js clashes [label]
 *   node hostile-names.js search [label]
 *   node hostile-names.js names [label]
 *   node hostile-names.js refs [label]
 *
 * `vocabulary`: one tool per hostile name (destructive, with hostile annotation keys, input
 * properties, `$defs` and `x-mcp-header` parameters named from the vocabulary), one prompt per
 * name (with hostile argument names), one resource per name and a resource template whose
 * variables are the names. `clashes`: tools `rm.rf`, `rm_rf`, `rm-rf` and `search` (tool names
 * that become equal once made safe for model providers); `search`: the tool `search` alone; `names`: one tool per hostile name, each with a plain
 * destructive shape (one string property `path`), for agents whose models cannot send a
 * `__proto__` argument (the AI SDK refuses such JSON); `refs`: one tool `encoded` whose `$ref`s
 * are percent-encoded pointers. A call answers with
 * `{"server": label, "tool": name, "arguments": …}` as its text and, when the environment names a
 * file in `HOSTILE_CALL_LOG`, appends the same JSON line to it first: the server's own record of
 * what reached it.
 */
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { HOSTILE_NAMES } from "./hostile-vocabulary.js";

const [mode = "vocabulary", label = mode] = process.argv.slice(2);
const callLog = process.env["HOSTILE_CALL_LOG"];

interface Request {
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string; name?: string; uri?: string; arguments?: unknown };
}

/** A JSON object with own keys in the given order (`__proto__` included), as JSON text. */
function object(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(",")}}`;
}

/** Header names for the `x-mcp-header` parameters: HTTP tokens, unique ignoring case. */
function headerName(name: string): string {
  return `Hostile-${name.replace(/[^A-Za-z0-9]/g, "") || "x"}-${HOSTILE_NAMES.indexOf(name as never)}`;
}

function vocabularyTool(name: string): string {
  const annotations = object([
    ["readOnlyHint", "false"],
    ["destructiveHint", "true"],
    ...HOSTILE_NAMES.map((key) => [key, JSON.stringify(`annotation ${key}`)] as const),
  ]);
  const defs = object(HOSTILE_NAMES.map((key) => [key, object([["type", '"string"'], ["description", JSON.stringify(`$defs ${key}`)]])] as const));
  const properties = object(
    HOSTILE_NAMES.map((key, index) =>
      index % 2 === 0
        ? ([key, object([["type", '"string"'], ["x-mcp-header", JSON.stringify(headerName(key))]])] as const)
        : ([key, object([["$ref", JSON.stringify(`#/$defs/${key}`)]])] as const),
    ),
  );
  const inputSchema = object([
    ["type", '"object"'],
    ["$defs", defs],
    ["properties", properties],
    ["required", JSON.stringify(["__proto__"])],
  ]);
  return object([
    ["name", JSON.stringify(name)],
    ["description", JSON.stringify(`the tool named ${name}`)],
    ["annotations", annotations],
    ["inputSchema", inputSchema],
  ]);
}

/**
 * `refs` mode: `$ref`s written as RFC 6901 pointers in a URI fragment, percent-encoded where a
 * URI needs it (`a b` → `a%20b`, `ü` → `%C3%BC`, `%` → `%25`), with `~0` / `~1` escapes.
 */
const ENCODED_DEFS: readonly (readonly [key: string, ref: string])[] = [
  ["a b", "#/$defs/a%20b"],
  ["ü", "#/$defs/%C3%BC"],
  ["50%", "#/$defs/50%25"],
  ["c/d", "#/$defs/c~1d"],
  ["e~f", "#/$defs/e~0f"],
];

function encodedRefsTool(): string {
  const defs = object(ENCODED_DEFS.map(([key], index) => [key, object([["type", '"object"'], ["properties", object([[`field${index}`, '{"type":"integer","minimum":1}']])], ["required", JSON.stringify([`field${index}`])]])] as const));
  const properties = object(ENCODED_DEFS.map(([, ref], index) => [`p${index}`, object([["$ref", JSON.stringify(ref)]])] as const));
  return object([
    ["name", '"encoded"'],
    ["description", '"percent-encoded $ref pointers"'],
    ["annotations", '{"readOnlyHint":true}'],
    ["inputSchema", object([["type", '"object"'], ["$defs", defs], ["properties", properties], ["required", JSON.stringify(ENCODED_DEFS.map((_, index) => `p${index}`))]])],
  ]);
}

function clashTool(name: string): string {
  return object([
    ["name", JSON.stringify(name)],
    ["description", JSON.stringify(`${label}: the tool named ${name}`)],
    ["annotations", object([["destructiveHint", "true"], ["readOnlyHint", "false"]])],
    ["inputSchema", object([["type", '"object"'], ["properties", object([["path", '{"type":"string"}']])]])],
  ]);
}

/** Per mode, the tools listed. */
const TOOLS_OF: Readonly<Record<string, readonly string[]>> = { vocabulary: HOSTILE_NAMES, names: HOSTILE_NAMES, refs: ["encoded"], clashes: ["rm.rf", "rm_rf", "rm-rf", "search"], search: ["search"] };
const TOOL_NAMES = TOOLS_OF[mode] ?? [];
const named = mode !== "vocabulary";

function tools(): string {
  if (mode === "refs") return `[${encodedRefsTool()}]`;
  return `[${TOOL_NAMES.map(named ? clashTool : vocabularyTool).join(",")}]`;
}

function prompts(): string {
  if (named) return "[]";
  const argumentsOf = HOSTILE_NAMES.map((key) => object([["name", JSON.stringify(key)], ["required", key === "__proto__" ? "true" : "false"]]));
  return `[${HOSTILE_NAMES.map((name) => object([["name", JSON.stringify(name)], ["description", JSON.stringify(`the prompt named ${name}`)], ["arguments", `[${argumentsOf.join(",")}]`]])).join(",")}]`;
}

function resources(): string {
  if (named) return "[]";
  return `[${HOSTILE_NAMES.map((name) => object([["name", JSON.stringify(name)], ["uri", JSON.stringify(`hostile://resource/${name}`)], ["mimeType", '"text/plain"']])).join(",")}]`;
}

function templates(): string {
  if (named) return "[]";
  const uri = `hostile://template/${HOSTILE_NAMES.map((name) => `{${name}}`).join("/")}`;
  return `[${object([["name", '"__proto__"'], ["uriTemplate", JSON.stringify(uri)], ["mimeType", '"text/plain"']])}]`;
}

function answer(id: Request["id"], resultJson: string): void {
  process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}\n`);
}

function fail(id: Request["id"], code: number, message: string): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
}

/** The request's arguments as the JSON text that came in: re-parsed, `__proto__` stays a key. */
function echo(kind: string, name: string, args: unknown): string {
  return JSON.stringify({ server: label, [kind]: name, arguments: args ?? {} });
}

function handle(request: Request): void {
  const { id, method, params } = request;
  switch (method) {
    case "initialize":
      answer(
        id,
        JSON.stringify({
          protocolVersion: params?.protocolVersion ?? "2025-06-18",
          capabilities: named ? { tools: {} } : { tools: {}, prompts: {}, resources: {} },
          serverInfo: { name: `hostile-names-${label}`, version: "1.0.0" },
        }),
      );
      return;
    case "ping":
      answer(id, "{}");
      return;
    case "tools/list":
      answer(id, `{"tools":${tools()}}`);
      return;
    case "prompts/list":
      answer(id, `{"prompts":${prompts()}}`);
      return;
    case "resources/list":
      answer(id, `{"resources":${resources()}}`);
      return;
    case "resources/templates/list":
      answer(id, `{"resourceTemplates":${templates()}}`);
      return;
    case "tools/call": {
      const name = String(params?.name);
      if (!TOOL_NAMES.includes(name)) return fail(id, -32602, `unknown tool ${JSON.stringify(name)}`);
      const text = echo("tool", name, params?.arguments);
      if (callLog !== undefined) appendFileSync(callLog, `${text}\n`);
      answer(id, JSON.stringify({ content: [{ type: "text", text }] }));
      return;
    }
    case "prompts/get": {
      const text = echo("prompt", String(params?.name), params?.arguments);
      answer(id, JSON.stringify({ messages: [{ role: "user", content: { type: "text", text } }] }));
      return;
    }
    case "resources/read": {
      const uri = String(params?.uri);
      answer(id, JSON.stringify({ contents: [{ uri, mimeType: "text/plain", text: `read ${uri}` }] }));
      return;
    }
    default:
      if (id !== undefined) fail(id, -32601, "method not found");
  }
}

createInterface({ input: process.stdin }).on("line", (line) => {
  // JSON.parse keeps `__proto__` as an own key; so does everything this server does with it.
  handle(JSON.parse(line) as Request);
});
