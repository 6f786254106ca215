/**
 * Server text never breaks the build (issue 17 item 6): the `open-objects` hostile server lists
 * annotations and `_meta` with keys the spec does not name, `$defs` whose sub-type names collide
 * with another tool's types, and properties named `__proto__`, `__proto__x`, `constructor`,
 * `toString`, `hasOwnProperty`. The generated code compiles with zero errors under the tsconfig
 * matrix, keeps every such name as an ordinary property, and its Zod schemas agree with Ajv.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { Ajv } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalStringify, hashJson } from "../../runtime/src/internal.js";
import { duplicateDeclarations } from "../../src/emit/declarations.js";
import { repoRoot } from "../helpers/servers.js";
import { runCli, tempProject } from "../helpers/cli.js";
import { TSCONFIGS } from "../types/tsconfigs.js";

const HOSTILE = path.join(repoRoot, "test/servers/dist/hostile-stdio.js");
const COMPILERS = {
  "5.9": path.join(repoRoot, "node_modules/typescript/bin/tsc"),
  "7": path.join(repoRoot, "node_modules/typescript7/bin/tsc"),
} as const;

let project: string;
let stderr: string;

beforeAll(async () => {
  project = tempProject("open-objects");
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  const config = { servers: { open: { transport: "stdio", command: "node", args: [HOSTILE, "open-objects"] } }, outDir: "out" };
  writeFileSync(path.join(project, "codegen.config.json"), JSON.stringify(config));
  const result = await runCli(["generate"], { cwd: project });
  expect(result.status, result.stderr).toBe(0);
  stderr = result.stderr;
});

/**
 * The generated module, the listed input schemas, and the oracle. The oracle reads JSON Schema as
 * written: Ajv leaves a `__proto__` key out (of `properties` and of instances) and finds inherited
 * `constructor`s unless told otherwise, so it sees `__proto__` as `_proto___` (same length, same
 * patterns) and reads own properties only.
 */
async function generatedAndOracle() {
  const module = await import(path.join(project, "out/open/index.ts"));
  const { snapshot } = await import(path.join(project, "out/open/snapshot.ts"));
  const schemaOf = (tool: string) => snapshot.server.tools.find((entry: { name: string }) => entry.name === tool).inputSchema;
  const renamed = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('"__proto__"', '"_proto___"')) as T;
  return { module, schemaOf, renamed, ajv: new Ajv({ strict: false, ownProperties: true }) };
}

describe("a listing with open objects, $defs collisions and prototype names", () => {
  it("reports the $defs sub-type renamed through the name scope, and no schema typed as unknown", () => {
    expect(stderr).toMatch(/tool "open\/foo": type named FooInputInput2 \(FooInputInput clashes with tool "foo_input"\)/);
    expect(stderr).not.toMatch(/typed as unknown|json-schema-to-typescript failed/);
  });

  describe.each(Object.entries(TSCONFIGS))("tsconfig %s", (name, compilerOptions) => {
    it.each(Object.entries(COMPILERS))("compiles with zero errors on TypeScript %s", (version, tsc) => {
      const config = path.join(project, `tsconfig.${name}.json`);
      writeFileSync(config, JSON.stringify({ compilerOptions, include: ["out"] }, null, 2));
      const run = spawnSync(process.execPath, [tsc, "-p", config], { cwd: project, encoding: "utf8" });
      expect(`${run.stdout}${run.stderr}`.trim(), `TypeScript ${version}, ${name}`).toBe("");
      expect(run.status).toBe(0);
    }, 240_000);
  });

  it("keeps annotation extras and `__proto__` as own properties at run time (no prototype set)", async () => {
    const module = await import(path.join(project, "out/open/index.ts"));
    const annotations = module.tools.foo.annotations as Record<string, unknown>;
    expect(Object.getPrototypeOf(annotations)).toBe(Object.prototype);
    expect(Object.hasOwn(annotations, "__proto__")).toBe(true);
    expect(annotations["polluted"]).toBeUndefined();
    expect(annotations).toMatchObject({ category: "input", readOnlyHint: false });
    expect(module.tools.protos.annotations).toMatchObject({ toString: "not a function", constructor: { name: "x" } });
    const { snapshot } = await import(path.join(project, "out/open/snapshot.ts"));
    const protos = snapshot.server.tools.find((tool: { name: string }) => tool.name === "protos");
    expect(Object.hasOwn(protos.inputSchema.properties, "__proto__")).toBe(true);
  });

  it("Zod and Ajv agree on instances with and without prototype-named properties", async () => {
    const { module, schemaOf, renamed, ajv } = await generatedAndOracle();
    const check = ajv.compile(renamed(schemaOf("protos")));
    const validate = (instance: unknown) => check(renamed(instance));
    const instances = [
      '{"__proto__":"a","__proto__x":1,"toString":"s"}',
      '{"__proto__":"a","__proto__x":1,"toString":"s","constructor":true,"hasOwnProperty":2,"valueOf":["v"]}',
      '{"__proto__x":1,"toString":"s"}',
      '{"__proto__":1,"__proto__x":1,"toString":"s"}',
      '{"__proto__":"a","__proto__x":1,"toString":"s","extra":1}',
      '{"__proto__":"a","__proto__x":1,"toString":"s","constructor":"no"}',
      '{"__proto__":"a","toString":"s"}',
    ].map((text) => JSON.parse(text) as unknown);
    const verdicts = instances.map((instance) => [validate(instance), module.ProtosInputSchema.safeParse(instance).success]);
    expect(verdicts.map(([ajvSays]) => ajvSays)).toEqual([true, true, false, false, false, false, false]);
    for (const [ajvSays, zodSays] of verdicts) expect(zodSays).toBe(ajvSays);
  });

  it("an undeclared `__proto__` key is an extra key like any other: additionalProperties, counts, propertyNames, patternProperties", async () => {
    const { module, schemaOf, renamed, ajv } = await generatedAndOracle();
    const cases: [string, string, boolean][] = [
      ["Extras", '{"a":"s","b":1}', true],
      ["Extras", '{"a":"s","__proto__":1}', true], // two keys, the extra one a number
      ["Extras", '{"a":"s","__proto__":"no"}', false], // additionalProperties: a number
      ["Extras", '{"a":"s","b":1,"__proto__":1}', false], // maxProperties 2
      ["Extras", '{"__proto__":1}', false], // minProperties 2
      ["Extras", '{"a":"s","longername":1}', false], // propertyNames
      ["Patterned", '{"_x":"s"}', true],
      ["Patterned", '{"__proto__":"s"}', true],
      ["Patterned", '{"__proto__":1}', false], // ^_ says string
    ];
    for (const [type, text, expected] of cases) {
      const check = ajv.compile(renamed(schemaOf(type.toLowerCase())));
      const instance = JSON.parse(text) as unknown;
      expect(check(renamed(instance)), `Ajv ${type} ${text}`).toBe(expected);
      expect(module[`${type}InputSchema`].safeParse(instance).success, `Zod ${type} ${text}`).toBe(expected);
    }
  });

  it("hashes and canonical JSON keep `__proto__` as an ordinary key", () => {
    const withProto = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as unknown;
    const without = JSON.parse('{"properties":{}}') as unknown;
    expect(canonicalStringify(withProto)).toBe('{"properties":{"__proto__":{"type":"string"}}}');
    expect(hashJson(withProto)).not.toBe(hashJson(without));
  });
});

describe("the final guard on generated code", () => {
  it("finds a name declared twice in one namespace, not a type and a value sharing one", () => {
    const code = "export interface A {}\nexport const ASchema = 1;\nexport type B = 1;\nexport interface B {}\nexport const A = 2;\nexport interface C {}\nexport interface C {}\n";
    expect(duplicateDeclarations(code)).toEqual(["B", "C"]);
    expect(duplicateDeclarations("export interface A {}\n  const A = 1;\n")).toEqual([]);
  });
});
