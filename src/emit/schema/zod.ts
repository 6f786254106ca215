/**
 * JSON Schema → one self-contained Zod 4 expression (only `z` in scope), the project's own
 * emitter. It aims to accept exactly what Ajv accepts; where it cannot, it emits something looser
 * and a warning naming the JSON pointer. It never throws on server input.
 *
 * Choices worth knowing:
 * - Objects are never stripped: `z.looseObject` (extra keys allowed), `z.strictObject`
 *   (`additionalProperties: false`) or `.catchall()` (a schema), so parsing returns its input.
 * - Optional properties use `.optional()`: absent or `undefined` (`prop?: T | undefined`), as the
 *   TS types have them; the runtime drops `undefined` keys before it validates and sends, as JSON would.
 * - `default` is not applied: a missing property stays missing and the server fills it in.
 * - `integer` is a number refined by `Number.isInteger`, as Ajv tests it (`z.int()` would reject
 *   integers beyond ±2^53−1), marked `type: "integer"` for the JSON Schema LangChain shows the model.
 * - Local `$ref`s become constants inside an arrow function; a reference back into a schema that
 *   is still being built is `z.lazy((): z.ZodType<never> => … as never)` (the type check stops
 *   there). `never`, not `any`: both are assignable to every TS type but `never` itself, which an
 *   intersection the schema makes contradictory reduces to (`string & T & number`, or objects
 *   whose required literal properties differ); `any` would turn such an intersection into `any`.
 */
import type { Json, JsonObject } from "@mcp-codegen/runtime/internal";
import { jsonLiteral as literal } from "../text.js";
import { childPointer, isJsonObject, resolveFragment } from "./pointer.js";
import { prepareSchema } from "./prepare.js";
import type { SchemaWarning } from "./warnings.js";
import {
  arrayExpression,
  numberExpression,
  objectExpression,
  stringExpression,
  type Emit,
} from "./zod-types.js";
import { allowedValues, nodeTypes, UNSUPPORTED_KEYWORDS, type JsonType } from "./zod-keywords.js";
import { pushAll } from "@mcp-codegen/runtime/internal";

export interface EmitZodOptions {
  /** What the schema belongs to, e.g. `tool "math/add" input`; kept for the caller's reports. */
  subject: string;
  /** The schema went through `prepareSchema` already (its warnings are the caller's). */
  prepared?: boolean;
}

export interface EmittedZod {
  expression: string;
  warnings: SchemaWarning[];
}

export function emitZod(schema: JsonObject, options: EmitZodOptions): EmittedZod {
  const prepared = options.prepared ? { schema: schema as Json, warnings: [] } : prepareSchema(schema);
  const emitter = new ZodEmitter(prepared.schema, prepared.warnings);
  try {
    return { expression: emitter.emitRoot(), warnings: emitter.warnings };
  } catch (error) {
    // A bug of ours must not stop generation: degrade the whole schema, loudly.
    const reason = error instanceof Error ? error.message : String(error);
    return { expression: "z.unknown()", warnings: [...prepared.warnings, { pointer: "", message: `not translated (${reason})` }] };
  }
}

interface RefState {
  name: string;
  done: boolean;
  /** A back reference needs the constant to exist even for the root. */
  referenced: boolean;
}

/** Keywords whose presence makes a node's parts sides of `z.intersection` (with its own type). */
const COMBINING_KEYWORDS = ["$ref", "allOf", "anyOf", "oneOf", "enum", "const"] as const;

class ZodEmitter implements Emit {
  readonly warnings: SchemaWarning[];
  private readonly declarations: string[] = [];
  private readonly refs = new Map<string, RefState>();
  private counter = 0;
  private readonly root: Json;

  constructor(root: Json, warnings: SchemaWarning[]) {
    this.root = root;
    this.warnings = warnings;
  }

  emitRoot(): string {
    const state: RefState = { name: "root", done: false, referenced: false };
    this.refs.set("", state);
    const expression = this.schema(this.root, "");
    if (state.referenced) this.declarations.push(`const root = ${expression};`);
    const result = state.referenced ? "root" : expression;
    if (this.declarations.length === 0) return result;
    return `(() => {\n${this.declarations.join("\n")}\nreturn ${result};\n})()`;
  }

  warn(pointer: string, message: string): void {
    this.warnings.push({ pointer, message });
  }

  /** Bind an expression to a constant (schemas used inside refinements are built once). */
  hoist(expression: string, prefix = "s"): string {
    const name = `${prefix}${this.counter++}`;
    this.declarations.push(`const ${name} = ${expression};`);
    return name;
  }

  /** Any schema node → expression. `inherited` are the types a parent already declared (for combinator branches). */
  schema(node: Json, pointer: string, inherited?: readonly JsonType[], intersected = false): string {
    const outer = this.intersecting;
    // See `intersecting`: set for this node's own parts, not for its properties' schemas.
    this.intersecting = intersected || (isJsonObject(node) && COMBINING_KEYWORDS.some((keyword) => keyword in node));
    try {
      return this.nodeSchema(node, pointer, inherited);
    } finally {
      this.intersecting = outer;
    }
  }

  /**
   * Whether the object schema being built will be one side of `z.intersection`: Zod's
   * intersection drops an "unrecognized key" issue that only one side raises (so that two strict
   * objects can be intersected), which would let `additionalProperties: false` through; such an
   * object also checks its keys with a refinement (objectExpression).
   */
  intersecting = false;

  private nodeSchema(node: Json, pointer: string, inherited?: readonly JsonType[]): string {
    if (node === true) return "z.unknown()";
    if (node === false) return "z.never()";
    if (!isJsonObject(node)) {
      this.warn(pointer, "not a schema (object or boolean); left unchecked");
      return "z.unknown()";
    }
    for (const keyword of UNSUPPORTED_KEYWORDS) {
      if (keyword in node) this.warn(childPointer(pointer, keyword), `${keyword} is not checked`);
    }
    const types = nodeTypes(node, inherited);
    const parts: string[] = [];
    const base = this.base(node, pointer, types);
    if (base !== undefined) parts.push(base);
    if (typeof node.$ref === "string") parts.push(this.ref(node.$ref));
    pushAll(parts, this.allOf(node, pointer, types));
    const anyOf = this.union(node, "anyOf", pointer, types);
    if (anyOf !== undefined) parts.push(anyOf);
    const oneOf = this.oneOf(node, pointer, types);
    if (oneOf !== undefined) parts.push(oneOf);
    let expression = parts.length === 0 ? "z.unknown()" : parts.reduce((acc, part) => `z.intersection(${acc}, ${part})`);
    expression = this.not(node, pointer, expression, types);
    expression = this.conditional(node, pointer, expression, types);
    if (typeof node.description === "string") expression += `.describe(${literal(node.description)})`;
    return expression;
  }

  /** Type keywords, enum and const. undefined when the node does not constrain the type at all. */
  private base(node: JsonObject, pointer: string, types: readonly JsonType[] | undefined): string | undefined {
    const values = allowedValues(node, types);
    if (values !== undefined) {
      // A server's bug (an enum built from an empty list), not a choice: a required property here makes its tool uncallable.
      if (Array.isArray(node.enum) && node.enum.length === 0) this.warn(childPointer(pointer, "enum"), "enum lists no value: nothing is valid here");
      const listed = valuesExpression(values);
      // enum/const already fix the type; the type keywords still matter when they constrain more.
      const constrained = types !== undefined && types.some((t) => hasConstraints(node, t));
      return constrained ? `z.intersection(${listed}, ${this.typed(node, pointer, types ?? [])})` : listed;
    }
    return types === undefined ? undefined : this.typed(node, pointer, types);
  }

  private typed(node: JsonObject, pointer: string, types: readonly JsonType[]): string {
    const nonNull = types.filter(
      (t): t is Exclude<JsonType, "null"> => t !== "null" && !(t === "integer" && types.includes("number")),
    );
    const members = nonNull.map((type) => this.typedOne(node, pointer, type));
    const nullable = types.includes("null");
    if (members.length === 0) return nullable ? "z.null()" : "z.never()";
    const union = members.length === 1 ? members[0]! : `z.union([${members.join(", ")}])`;
    return nullable ? `${union}.nullable()` : union;
  }

  private typedOne(node: JsonObject, pointer: string, type: Exclude<JsonType, "null">): string {
    switch (type) {
      case "boolean":
        return "z.boolean()";
      case "string":
        return stringExpression(this, node, pointer);
      case "number":
      case "integer":
        return numberExpression(this, node, pointer, type === "integer");
      case "object":
        return objectExpression(this, node, pointer);
      case "array":
        return arrayExpression(this, node, pointer);
    }
  }

  private ref(ref: string): string {
    const target = resolveFragment(this.root, ref);
    if (target === undefined) return "z.unknown()"; // prepareSchema already warned and removed it
    const known = this.refs.get(target.pointer);
    if (known?.done) return known.name;
    if (known) {
      known.referenced = true;
      return `z.lazy((): z.ZodType<never> => ${known.name} as never)`;
    }
    const state: RefState = { name: `r${this.counter++}`, done: false, referenced: true };
    this.refs.set(target.pointer, state);
    // One constant for every use, some of which may intersect it.
    const expression = this.schema(target.value, target.pointer, undefined, true);
    this.declarations.push(`const ${state.name} = ${expression};`);
    state.done = true;
    return state.name;
  }

  private list(node: JsonObject, keyword: string, pointer: string, types?: readonly JsonType[]): string[] | undefined {
    const branches = node[keyword];
    if (branches === undefined) return undefined;
    if (!Array.isArray(branches) || branches.length === 0) {
      this.warn(childPointer(pointer, keyword), `${keyword} is not a non-empty list; ignored`);
      return undefined;
    }
    // allOf branches are intersected with each other and the node's own type.
    return branches.map((branch, index) => this.schema(branch, childPointer(pointer, keyword, index), types, keyword === "allOf"));
  }

  private allOf(node: JsonObject, pointer: string, types?: readonly JsonType[]): string[] {
    return this.list(node, "allOf", pointer, types) ?? [];
  }

  private union(node: JsonObject, keyword: string, pointer: string, types?: readonly JsonType[]): string | undefined {
    const branches = this.list(node, keyword, pointer, types);
    if (branches === undefined) return undefined;
    return branches.length === 1 ? branches[0] : `z.union([${branches.join(", ")}])`;
  }

  /**
   * oneOf: the union, plus a check that exactly one branch matches. A branch checked more loosely
   * than Ajv (a warning) may match where Ajv's does not, and so reject a valid value: then the
   * union alone.
   */
  private oneOf(node: JsonObject, pointer: string, types?: readonly JsonType[]): string | undefined {
    const warnings = this.warnings.length;
    const branches = this.list(node, "oneOf", pointer, types);
    if (branches === undefined) return undefined;
    if (branches.length === 1) return branches[0];
    const name = this.hoist(`[${branches.join(", ")}] as const`, "o");
    if (this.warnings.length > warnings) {
      this.warn(childPointer(pointer, "oneOf"), "checked as anyOf (a branch is not checked exactly, so a second match proves nothing)");
      return `z.union(${name})`;
    }
    return onTheValue(`z.union(${name})`, `(${name} as readonly z.ZodType[]).filter((s) => s.safeParse(v).success).length === 1`, "must match exactly one schema of oneOf");
  }

  /**
   * A sub-schema and whether it is exact (no new warning). A check that negates a looser
   * sub-schema would be stricter than Ajv, so not/if/oneOf/maxContains ask.
   */
  exactSchema(node: Json, pointer: string, inherited?: readonly JsonType[]): { expression: string; exact: boolean } {
    const warnings = this.warnings.length;
    const expression = this.schema(node, pointer, inherited);
    return { expression, exact: this.warnings.length === warnings };
  }

  // Sub-schemas of not/if/then/else inherit the node's types: within those types the meaning is unchanged.
  private not(node: JsonObject, pointer: string, expression: string, types?: readonly JsonType[]): string {
    if (node.not === undefined) return expression;
    const declarations = this.declarations.length;
    const refs = new Set(this.refs.keys());
    const sub = this.exactSchema(node.not, childPointer(pointer, "not"), types);
    if (!sub.exact) {
      // Nothing is checked: undo what the sub-schema declared, so no constant is left unused.
      this.declarations.length = declarations;
      for (const key of this.refs.keys()) if (!refs.has(key)) this.refs.delete(key);
      this.warn(childPointer(pointer, "not"), "not is not checked (its schema is not checked exactly)");
      return expression;
    }
    const name = this.hoist(sub.expression);
    return onTheValue(expression, `!${name}.safeParse(v).success`, "must not match the schema of not");
  }

  /** if/then/else. When `if` is checked more loosely than Ajv, a value it passes must pass then or else. */
  private conditional(node: JsonObject, pointer: string, expression: string, types?: readonly JsonType[]): string {
    if (node.if === undefined || (node.then === undefined && node.else === undefined)) return expression;
    const test = this.exactSchema(node.if, childPointer(pointer, "if"), types);
    const testName = this.hoist(test.expression);
    const then = node.then === undefined ? undefined : this.hoist(this.schema(node.then, childPointer(pointer, "then"), types));
    const otherwise = node.else === undefined ? undefined : this.hoist(this.schema(node.else, childPointer(pointer, "else"), types));
    const thenCheck = then === undefined ? "true" : `${then}.safeParse(v).success`;
    const elseCheck = otherwise === undefined ? "true" : `${otherwise}.safeParse(v).success`;
    let passed = thenCheck;
    if (!test.exact) {
      this.warn(childPointer(pointer, "if"), "if is not checked exactly: a value it passes may match then or else");
      passed = `${thenCheck} || ${elseCheck}`;
    }
    return onTheValue(expression, `(${testName}.safeParse(v).success ? ${passed} : ${elseCheck})`, "must match the schema of then/else");
  }
}

/**
 * `expression` with `condition` (on `v`) checked on the value as it came, before `expression`
 * parses it: the sub-schemas of oneOf, not and if/then/else judge the same value the node does.
 * Zod's output of an object leaves an own `__proto__` key out, so run on it they judged another
 * (`{"__proto__": 0}` read as `{}`).
 */
function onTheValue(expression: string, condition: string, message: string): string {
  return `z.preprocess((v, ctx) => { if (!(${condition})) ctx.addIssue({ code: "custom", message: ${JSON.stringify(message)}, input: v }); return v; }, ${expression})`;
}

function valuesExpression(values: Json[]): string {
  if (values.length === 0) return "z.never()";
  if (values.every((v) => typeof v === "string")) return `z.enum([${values.map(literal).join(", ")}])`;
  if (values.length === 1) return `z.literal(${literal(values[0])})`;
  return `z.literal([${values.map(literal).join(", ")}])`;
}

const CONSTRAINTS: Readonly<Partial<Record<JsonType, readonly string[]>>> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
};

function hasConstraints(node: JsonObject, type: JsonType): boolean {
  return (CONSTRAINTS[type] ?? []).some((keyword) => keyword in node);
}
