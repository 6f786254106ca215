/**
 * The schemas a page of each list is checked against: the SDK's result schemas, tools/list's
 * with one part of it checked more cheaply.
 *
 * The SDK's `Tool.inputSchema.properties` is `z.record(z.string(), JSONValueSchema)`, a lazy,
 * recursive union over every JSON value. A page read from the wire is parsed JSON, so a value
 * fails it only where the text held a number beyond a double's range (`1e400` parses as
 * `Infinity`); but the union tries its scalar branches before the object one at every nested
 * object, and each failed branch allocates its issues. On a 1,000-tool page the SDK's check took
 * ~70 ms of a capture's critical path on Node 24, about half of it in that record. Here each value
 * is `unknown`, refined to hold finite numbers only: the same verdict and the same issues (path
 * and all) for every page parsed from JSON text, but for the wording of that one refusal
 * (test/runtime/page-schemas.test.ts holds the two together over mutated real listings).
 *
 * Built from the SDK's own schema instances (`extend`, `clone`, `refine`): the command bundles a
 * copy of zod of its own, which must not be mixed into the SDK's. Should the SDK's shapes change
 * so that this cannot be derived, the SDK's own schema is used.
 */
import type { ZodType } from "zod";
import type { ListMethod } from "./lists.js";
import { LISTS } from "./lists.js";
import { loadSchemaSdk, type SchemaSdk } from "./sdk.js";

/** What a page check reads of a schema's verdict. */
export interface PageSchema {
  safeParse(page: unknown): { success: true } | { success: false; error: { issues: readonly { path?: readonly PropertyKey[]; message?: string }[] } };
}

let toolsPage: PageSchema | undefined;

/** The schema a page of `method` is checked against (the SDK loads on the first call). */
export async function loadPageSchema(method: ListMethod): Promise<PageSchema> {
  const sdk = await loadSchemaSdk();
  if (method !== "tools/list") return sdk[LISTS[method].schema];
  toolsPage ??= toolsPageSchema(sdk) ?? sdk.ListToolsResultSchema;
  return toolsPage;
}

/** ListToolsResultSchema with `inputSchema.properties` values checked as above; undefined when the SDK's shapes do not allow it. */
function toolsPageSchema(sdk: SchemaSdk): PageSchema | undefined {
  const page = sdk.ListToolsResultSchema;
  const tool = sdk.ToolSchema;
  const input = tool.shape.inputSchema;
  // `unknown`, as the SDK's own instance: the catchall of `inputSchema` (`.catchall(z.unknown())`).
  const anyValue = input.def.catchall as ZodType | undefined;
  const record = input.shape.properties?.unwrap();
  const tools = page.shape.tools;
  if (anyValue?.def.type !== "unknown" || record?.def.type !== "record" || tools.def.type !== "array") return undefined;
  const finiteJson = anyValue.refine(finiteThroughout, { message: NOT_FINITE });
  const properties = record.clone({ ...record.def, valueType: finiteJson } as never).optional();
  const cheaperTool = tool.extend({ inputSchema: input.extend({ properties }) });
  return page.extend({ tools: tools.clone({ ...tools.def, element: cheaperTool } as never) });
}

const NOT_FINITE = "Invalid input: a number beyond a double's range (JSON text such as 1e400, read as Infinity)";

/** Whether every number in a parsed JSON value is finite (it recurses no deeper than the SDK's union did, and a capture bounds the depth first). */
function finiteThroughout(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (value === null || typeof value !== "object") return true;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (!finiteThroughout(item)) return false;
  return true;
}
