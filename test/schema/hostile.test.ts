/** Hostile server text stays data: it round-trips through the emitted Zod and never leaves its comment. */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitTypeScript } from "../../src/emit/schema/typescript.js";
import { emitZod } from "../../src/emit/schema/zod.js";
import { evaluateZod } from "./helpers.js";
import { HOSTILE_SCHEMA, NASTY } from "./hostile.js";

const RAW_DANGER = /[\u2028\u2029\u202a-\u202e\u2066-\u2069\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

describe("hostile text", () => {
  it("Zod: names, enum values, const, patterns and descriptions round-trip as data", () => {
    const { expression } = emitZod(HOSTILE_SCHEMA, { subject: "hostile" });
    expect(expression).not.toMatch(RAW_DANGER);
    const schema = evaluateZod(expression);
    const value = Object.fromEntries(NASTY.map((text) => [text, text]));
    expect(schema.safeParse(value).success).toBe(true);
    expect(schema.safeParse({ ...value, [NASTY[0]]: "other" }).success).toBe(false);
    expect(schema.safeParse({ [NASTY[1]]: NASTY[1] }).success).toBe(false); // the required hostile key is missing
    const shape = (schema as unknown as { shape: Record<string, { description?: string }> }).shape;
    expect(Object.keys(shape).sort()).toEqual([...NASTY].sort());
    for (const text of NASTY) expect(shape[text]?.description ?? (shape[text] as { unwrap?: () => { description?: string } }).unwrap?.().description).toBe(text);
  });

  it("TypeScript: descriptions cannot close the JSDoc; no raw separators, controls or bidi characters", async () => {
    const { code } = await emitTypeScript(HOSTILE_SCHEMA, "HostileInput", { subject: "hostile" });
    expect(code).not.toMatch(RAW_DANGER);
    // Parsed, the code is exactly one interface declaration: nothing escaped into code.
    const file = ts.createSourceFile("h.ts", code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    expect(file.statements.map((s) => ts.SyntaxKind[s.kind])).toEqual(["InterfaceDeclaration"]);
    const declaration = file.statements[0] as ts.InterfaceDeclaration;
    expect(declaration.name.text).toBe("HostileInput");
    // Property names are string literals that hold the server text unchanged.
    const names = declaration.members.flatMap((m) => (m.name && ts.isStringLiteral(m.name) ? [m.name.text] : []));
    expect(names.sort()).toEqual([...NASTY].sort());
  });
});
