/**
 * Test MCP server (stdio) that answers `initialize` properly and then misbehaves on
 * `tools/list`, written without the SDK so it can break the protocol on purpose. Usage:
 *
 *   node hostile-stdio.js <mode> [size]
 *
 * Modes: `non-json` writes a line that is not JSON instead of the answer; `not-jsonrpc` writes
 * JSON that is no JSON-RPC message; `bad-result` answers with a result that is not a tool list;
 * `huge` lists tools whose JSON totals `size` MB (default 50) in one answer; `deep` lists one
 * tool whose input schema nests `size` levels (default 10,000); `huge-number` lists a tool whose
 * property schema holds `1e400` (a number JSON can spell and a double cannot hold);
 * `hang-logging` answers `initialize` and never `tools/list`, and `mute-logging` answers nothing,
 * each writing a database error to stderr every 100 ms (with its `DB_TOKEN`, as a careless
 * server might); `call-logging` writes an error at start that it recovers from, lists `query`
 * and `wait`, and answers neither's call: `query` writes that database error once, `wait` nothing;
 * `untyped-inputs` lists 9 tools whose input schemas lack `type: "object"` (as a server built with
 * zod-to-json-schema 3 over Zod 4 lists them: `{ $schema }` only), the second one with a long
 * name holding a quote, a slash and a line break;
 * `open-objects` lists tools that are valid but awkward for generated code: annotations and
 * `_meta` with keys the spec does not name, `$defs` whose sub-type names collide with another
 * tool's types, and properties named `__proto__`, `__proto__x`, `constructor`, `toString`
 * (prototype names).
 */
import { createInterface } from "node:readline";

const [mode = "", size] = process.argv.slice(2);

interface Request {
  id?: number | string;
  method?: string;
  params?: { protocolVersion?: string; name?: string };
}

function send(message: unknown): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

/** Tools of about 1 MB each (mostly description) until `megabytes` are reached. */
function hugeTools(megabytes: number): unknown[] {
  const description = "x".repeat(1_000_000);
  return Array.from({ length: megabytes }, (_, index) => ({ name: `tool_${index}`, description, inputSchema: { type: "object" } }));
}

/**
 * `{"type":"object","properties":{"a":{"type":"object","properties":{"a":…}}}}`, `levels` deep,
 * as JSON text: JSON.stringify itself runs out of stack on it.
 */
function deepSchema(levels: number): string {
  const open = '{"type":"object","properties":{"a":';
  return `${open.repeat(levels)}{"type":"string"}${"}}".repeat(levels)}`;
}

/** Prototype names as property names (written as JSON text, where `__proto__` is an ordinary key). */
const PROTOTYPE_PROPERTIES = `{
  "__proto__": { "type": "string", "description": "a property named __proto__" },
  "__proto__x": { "type": "number" },
  "constructor": { "type": "boolean" },
  "toString": { "type": "string" },
  "hasOwnProperty": { "type": "integer" },
  "valueOf": { "type": "array", "items": { "type": "string" } }
}`;

/** Tools for `open-objects`, as JSON text. */
function openObjectTools(): string {
  return `[
  {
    "name": "foo",
    "description": "its $defs.Input becomes a sub-type of FooInput",
    "annotations": { "category": "input", "readOnlyHint": false, "x-vendor": { "nested": [1, 2] }, "__proto__": { "polluted": true } },
    "_meta": { "io.example/owner": "team-a", "__proto__": { "polluted": true }, "constructor": 1 },
    "inputSchema": { "type": "object", "$defs": { "Input": { "type": "object", "properties": { "x": { "type": "string" } } } }, "properties": { "inner": { "$ref": "#/$defs/Input" } } },
    "outputSchema": { "type": "object", "properties": ${PROTOTYPE_PROPERTIES}, "required": ["__proto__", "constructor"] }
  },
  {
    "name": "foo_input",
    "description": "its input type is FooInputInput too",
    "annotations": { "title": "Foo input", "destructiveHint": true, "openWorldHint": false, "idempotentHint": true, "category": "output", "priority": 3 },
    "inputSchema": { "type": "object", "properties": { "y": { "type": "number" } }, "required": ["y"] }
  },
  {
    "name": "protos",
    "annotations": { "readOnlyHint": true, "toString": "not a function", "constructor": { "name": "x" } },
    "inputSchema": { "type": "object", "properties": ${PROTOTYPE_PROPERTIES}, "required": ["__proto__", "__proto__x", "toString"], "additionalProperties": false }
  },
  {
    "name": "extras",
    "description": "an undeclared __proto__ key is an extra key like any other: checked by additionalProperties, counted, named",
    "inputSchema": { "type": "object", "properties": { "a": { "type": "string" } }, "additionalProperties": { "type": "number" }, "minProperties": 2, "maxProperties": 2, "propertyNames": { "maxLength": 9 } }
  },
  {
    "name": "patterned",
    "inputSchema": { "type": "object", "patternProperties": { "^_": { "type": "string" } }, "additionalProperties": false }
  }
]`;
}

function answerList(id: Request["id"]): void {
  switch (mode) {
    case "non-json":
      process.stdout.write("Server ready on port 8080 (this line is not JSON)\n");
      return;
    case "not-jsonrpc":
      send({ hello: "world", id });
      return;
    case "bad-result":
      send({ jsonrpc: "2.0", id, result: { tools: "none today" } });
      return;
    case "huge":
      send({ jsonrpc: "2.0", id, result: { tools: hugeTools(Number(size ?? 50)) } });
      return;
    case "deep":
      process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"deep","inputSchema":${deepSchema(Number(size ?? 10_000))}}]}}\n`);
      return;
    case "huge-number":
      // 1e400 is valid JSON text that parses as Infinity, which the protocol's schema refuses.
      process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[{"name":"sized","inputSchema":{"type":"object","properties":{"ok":{"type":"string"},"size":{"type":"number","maximum":1e400}}}}]}}\n`);
      return;
    case "hang-logging":
      return;
    case "call-logging":
      send({ jsonrpc: "2.0", id, result: { tools: ["query", "wait"].map((name) => ({ name, inputSchema: { type: "object" } })) } });
      return;
    case "untyped-inputs": {
      const names = Array.from({ length: 9 }, (_, index) => (index === 1 ? `odd "name"/\n${"x".repeat(100)}` : `tool_${index}`));
      send({ jsonrpc: "2.0", id, result: { tools: names.map((name) => ({ name, inputSchema: { $schema: "http://json-schema.org/draft-07/schema#" } })) } });
      return;
    }
    case "open-objects":
      process.stdout.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":${openObjectTools().replace(/\s*\n\s*/g, "")}}}\n`);
      return;
    default:
      process.stderr.write(`hostile-stdio: unknown mode ${JSON.stringify(mode)}\n`);
      process.exit(2);
  }
}

const sayDatabaseError = () => process.stderr.write(`db: connecting to 127.0.0.1:9\ndb: Error: connect ECONNREFUSED 127.0.0.1:9 (token ${process.env["DB_TOKEN"] ?? "-"})\ndb: retrying in 100 ms\n`);
if (mode === "hang-logging" || mode === "mute-logging") {
  sayDatabaseError();
  setInterval(sayDatabaseError, 100);
}
if (mode === "call-logging") process.stderr.write("cache: Error: no cache file, starting empty\nready\n");

createInterface({ input: process.stdin }).on("line", (line) => {
  const request = JSON.parse(line) as Request;
  if (mode === "mute-logging") return;
  if (request.method === "initialize") {
    send({
      jsonrpc: "2.0",
      id: request.id,
      result: {
        protocolVersion: request.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: `hostile-${mode}`, version: "1.0.0" },
      },
    });
  } else if (request.method === "tools/list") {
    answerList(request.id);
  } else if (mode === "call-logging" && request.method === "tools/call") {
    if (request.params?.name === "query") sayDatabaseError();
  } else if (request.id !== undefined) {
    send({ jsonrpc: "2.0", id: request.id, error: { code: -32601, message: "method not found" } });
  }
});
