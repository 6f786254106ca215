/**
 * What the model sees is what was reviewed, less what nobody could review: the hidden characters
 * the audit found (its stripping rules) are removed from the snapshot's prose before emit, so
 * tool descriptions, parameter descriptions (Zod `.describe()`, JSON Schema) and JSDoc never
 * carry them. Entity hashes are kept: they are the live listing's fingerprints for the drift guard.
 */
import { unescapeToken, type Snapshot } from "@mcp-codegen/runtime/internal";
import { removeSpans } from "./unicode.js";
import type { Finding } from "./types.js";

/** The snapshot with every stripped finding's characters removed (the input is not changed). */
export function stripFindings(snapshot: Snapshot, findings: readonly Finding[]): Snapshot {
  const spans = new Map<string, { start: number; end: number }[]>();
  for (const finding of findings) {
    if (!finding.stripped) continue;
    spans.set(finding.snapshotPointer, [...(spans.get(finding.snapshotPointer) ?? []), { start: finding.start, end: finding.end }]);
  }
  if (spans.size === 0) return snapshot;
  const copy = structuredClone(snapshot);
  for (const [pointer, ranges] of spans) {
    const segments = pointer.split("/").slice(1).map(unescapeToken);
    const key = segments.pop();
    let parent: unknown = copy;
    for (const segment of segments) parent = parent !== null && typeof parent === "object" && Object.hasOwn(parent, segment) ? (parent as Record<string, unknown>)[segment] : undefined;
    if (key === undefined || parent === null || typeof parent !== "object" || !Object.hasOwn(parent, key)) continue;
    const value = (parent as Record<string, unknown>)[key];
    if (typeof value === "string") (parent as Record<string, unknown>)[key] = removeSpans(value, ranges);
  }
  return copy;
}
