/**
 * `<outDir>/<server>/snapshot.ts`: the server's snapshot entry, its tool filter and the drift
 * settings of codegen.config. The server module loads it lazily (`loadSnapshot`), only when the
 * runtime drift guard met a difference, `verify()` runs or a target needs the JSON Schemas, so
 * the listing costs nothing otherwise.
 *
 * The entry is the committed snapshot's data, which the runtime needs wherever the app runs
 * (bundled, compiled to another folder), so it cannot just point at `mcp-snapshot.json`. It is
 * held as one compact JSON string for `JSON.parse`, not as a second indented literal: less than
 * half the bytes, no type for the compiler to infer, and faster for V8 to load.
 */
import { canonicalize, type ServerSnapshot, type ServerOptions } from "@mcp-codegen/runtime/internal";
import type { DriftConfig } from "../config/schema.js";
import { jsonTextLiteral, stringLiteral } from "./text.js";

export interface SnapshotModuleInput {
  key: string;
  snapshot: ServerSnapshot;
  filter: Pick<ServerOptions, "include" | "exclude">;
  drift: DriftConfig;
}

/** What the module holds, as JSON: also the part of the file's inputs hash that is not the snapshot. */
export function snapshotModuleData(input: SnapshotModuleInput): { toolFilter: object; drift: object } {
  const { include, exclude } = input.filter;
  const { rules, overrides, accept } = input.drift;
  return {
    toolFilter: canonicalize({ include, exclude }) as object,
    drift: canonicalize({ rules, overrides, accept }) as object,
  };
}

/** The module's source, not yet formatted. */
export function renderSnapshotModule(input: SnapshotModuleInput): string {
  const { toolFilter, drift } = snapshotModuleData(input);
  return `import type { GeneratedSnapshot } from "@mcp-codegen/runtime";

/**
 * The snapshot entry of the server ${stringLiteral(input.key)} this folder was generated from, with the
 * tool filter and drift rules of codegen.config: what the drift guard and \`verify()\` compare
 * the live server with.
 */
export const snapshot: GeneratedSnapshot = JSON.parse(${jsonTextLiteral({ server: canonicalize(input.snapshot), toolFilter, drift })});
`;
}
