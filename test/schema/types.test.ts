/**
 * Type agreement: for every fixture and every server-everything schema, a module holding the
 * emitted TS type and `const S: z.ZodType<T> = <emitted Zod>` compiles with zero diagnostics
 * under the strict flags users compile with (one TypeScript program for all of them).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import { emitTypeScript } from "../../src/emit/schema/typescript.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { everythingSchemas, loadFixtures, projectRoot, SCHEMA_MODULE_OPTIONS as STRICT } from "./helpers.js";
import { HOSTILE_SCHEMA } from "./hostile.js";


async function moduleFor(schema: JsonObject, typeName: string): Promise<string> {
  const types = await emitTypeScript(schema, typeName, { subject: typeName });
  const zod = emitZod(schema, { subject: typeName });
  return `import { z } from "zod";\n${types.code}\nexport const ${typeName}Schema: z.ZodType<${typeName}> = ${zod.expression};\n`;
}

describe("emitted TS types and Zod schemas agree (tsc, strict + NodeNext)", () => {
  // Inside the project so that `zod` resolves from its node_modules.
  const cacheDir = join(projectRoot, "node_modules", ".cache");
  let dir = "";
  const files: string[] = [];

  beforeAll(async () => {
    mkdirSync(cacheDir, { recursive: true });
    dir = mkdtempSync(join(cacheDir, "schema-types-"));
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const entries: [string, JsonObject][] = loadFixtures().map((f, i) => [`Fixture${i}`, f.schema]);
    (await everythingSchemas()).forEach((s, i) => entries.push([`Everything${i}`, s.schema]));
    entries.push(["Hostile", HOSTILE_SCHEMA]);
    for (const [typeName, schema] of entries) {
      const file = join(dir, `${typeName}.ts`);
      writeFileSync(file, await moduleFor(schema, typeName));
      files.push(file);
    }
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("compiles with zero diagnostics", () => {
    const program = ts.createProgram(files, STRICT);
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${d.file.fileName.slice(dir.length + 1)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : "";
      return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(files.length).toBeGreaterThan(30);
    expect(diagnostics).toEqual([]);
  });

  it("a mismatch would be caught: a wrong annotation does not compile", () => {
    const file = join(dir, "Mismatch.ts");
    writeFileSync(file, `import { z } from "zod";\nexport interface T { a: number }\nexport const S: z.ZodType<T> = ${emitZod({ type: "object", properties: { a: { type: "string" } }, required: ["a"] }, { subject: "x" }).expression};\n`);
    const program = ts.createProgram([file], STRICT);
    expect(ts.getPreEmitDiagnostics(program).length).toBeGreaterThan(0);
  });
});
