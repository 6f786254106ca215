/** emitTypeScript: never reads a file or URL, names every type after the root, ignores jstt's extension keywords. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emitTypeScript } from "../../src/emit/schema/typescript.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { here } from "./helpers.js";

describe("emitTypeScript", () => {
  let server: Server;
  let requests = 0;
  let base = "";

  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.setHeader("content-type", "application/json");
      res.end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("never fetches an http $ref nor reads a file $ref; degrades them to unknown with a warning", async () => {
    // A real file that would type the property as `number` if it were read.
    const file = join(here, "fixtures", "types.json");
    const schema = {
      type: "object",
      properties: {
        web: { $ref: `${base}/schema.json` },
        abs: { $ref: file },
        rel: { $ref: "./fixtures/types.json#/schema" },
        fileUrl: { $ref: `file://${file}` },
      },
    };
    const ts = await emitTypeScript(schema, "RefInput", { subject: "t" });
    const zod = emitZod(schema, { subject: "t" });
    expect(requests).toBe(0);
    for (const key of ["web", "abs", "rel", "fileUrl"]) expect(ts.code).toContain(`${key}?: unknown`);
    expect(ts.warnings.map((w) => w.pointer).sort()).toEqual(["/properties/abs", "/properties/fileUrl", "/properties/rel", "/properties/web"]);
    expect(zod.warnings.map((w) => w.pointer).sort()).toEqual(ts.warnings.map((w) => w.pointer).sort());
    expect(zod.expression).not.toContain("127.0.0.1");
  });

  it("names the root exactly and prefixes sub-types with it; titles and $ids cannot rename", async () => {
    const schema = {
      type: "object",
      title: "Evil",
      $id: "Other",
      properties: { p: { $ref: "#/definitions/point" }, q: { $ref: "#/$defs/point" }, r: { title: "Named", type: "object" } },
      definitions: { point: { type: "object", title: "Pt", properties: { x: { type: "number" } } } },
      $defs: { point: { type: "string" } },
    };
    const { code } = await emitTypeScript(schema, "AddInput", { subject: "t" });
    const names = [...code.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    expect(names).toContain("AddInput");
    for (const name of names) expect(name).toMatch(/^AddInput/);
    expect(code).not.toMatch(/\bEvil\b|\bOther\b|\bPt\b|\bNamed\b/);
  });

  it("ignores jstt extension keywords (tsType would inject code)", async () => {
    const schema = { type: "object", properties: { a: { tsType: "string; export const pwned = 1" } }, tsEnumNames: ["X"] };
    const { code } = await emitTypeScript(schema, "XInput", { subject: "t" });
    expect(code).not.toContain("pwned");
    expect(code).toContain("a?: unknown");
  });

  it("closes input objects that leave additionalProperties unset, at every depth; open ones and output types keep their index signature", async () => {
    const schema = {
      type: "object",
      properties: { a: { type: "string" }, nested: { type: "object", properties: { x: { type: "number" } } }, map: { type: "object", additionalProperties: { type: "number" } } },
    };
    const closed = await emitTypeScript(schema, "KInput", { subject: "t", closed: true });
    const open = await emitTypeScript(schema, "KOutput", { subject: "t" });
    expect(closed.code.match(/\[k: string\]: unknown/g)).toBeNull();
    expect(closed.code).toContain("[k: string]: number");
    expect(open.code.match(/\[k: string\]: unknown/g)?.length).toBe(2);
  });

  it("is deterministic and cached (same code for the same schema and name)", async () => {
    const schema = { type: "object", properties: { a: { type: "string", description: "A" } }, required: ["a"] };
    const first = await emitTypeScript(schema, "CInput", { subject: "t" });
    const second = await emitTypeScript(structuredClone(schema), "CInput", { subject: "t" });
    expect(second.code).toBe(first.code);
    expect(first.code).toContain("a: string");
  });

  it("types an object shared by two places of the schema at each place on its own (the emitters rewrite nodes in place)", async () => {
    // Found by the fuzzer (fast-check reuses constant objects, seed 20261201): `then` inherited
    // `string` and retyped the other place. A schema from a server is JSON text, never shared.
    const free = { description: "free" };
    const schema = { type: "object", properties: { a: { type: "string", if: { type: "string" }, then: free }, b: { type: "object", properties: { c: free }, required: ["c"] } } };
    const { code } = await emitTypeScript(schema, "Shared", { subject: "shared", closed: true });
    expect(code).toMatch(/c: unknown/);
    expect(free).toEqual({ description: "free" });
  });
});

describe("names jstt gives reference cycles on its own", () => {
  // LINE's flex messages (@line/line-bot-mcp-server 0.5.0): a box's contents refer back to the
  // header they sit in, through `$ref`s into `anyOf` branches. jstt names that cycle itself
  // (`NoName`, after the branch index), outside `customName`: two tools declared it twice.
  const box = {
    anyOf: [
      {
        type: "object",
        properties: {
          type: { const: "box" },
          NoName: { type: "string", enum: ["NoName", "other"] },
          contents: { type: "array", description: "Its NoName children", items: { $ref: "#/properties/message/properties/contents/anyOf/0/properties/header" } },
        },
        required: ["type"],
      },
      { type: "object", properties: { type: { const: "text" } } },
    ],
  };
  const bubble = { type: "object", properties: { type: { const: "bubble" }, header: box }, required: ["type"] };
  const carousel = { type: "object", properties: { type: { const: "carousel" }, contents: { type: "array", items: { $ref: "#/properties/message/properties/contents/anyOf/0" } } }, required: ["type"] };
  const schema = { type: "object", properties: { message: { type: "object", properties: { contents: { anyOf: [bubble, carousel] } } } }, required: ["message"] };

  it("are put under the root name, so two tools declare different types; keys, strings and comments keep the word", async () => {
    const first = (await emitTypeScript(schema, "PushInput", { subject: "push" })).code;
    const second = (await emitTypeScript(schema, "BroadcastInput", { subject: "broadcast" })).code;
    const declared = (code: string) => [...code.matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
    expect(declared(first)).toContain("PushInputNoName");
    expect(declared(second)).toContain("BroadcastInputNoName");
    expect(declared(first).filter((name) => declared(second).includes(name))).toEqual([]);
    for (const [code, root] of [[first, "PushInput"], [second, "BroadcastInput"]] as const) {
      expect(code).toContain(`contents?: (${root}NoName[] | undefined)`);
      expect(code).toMatch(/^NoName\?: \(\("NoName" \| "other"\) \| undefined\)$/m);
      expect(code).toContain(" * Its NoName children");
      // Outside comments, the bare word is left only as a key (`NoName?:`) and inside strings.
      const codeLines = code.split("\n").filter((line) => !/^\s*(\/\*\*|\*)/.test(line));
      expect(codeLines.filter((line) => /(?<![\w"])NoName(?![\w"?])/.test(line))).toEqual([]);
    }
  });
});
