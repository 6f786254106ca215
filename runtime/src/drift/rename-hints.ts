/**
 * Rename hints: a removed and an added tool (or property) with equal schemas is most likely one
 * thing renamed. Both changes keep their rules and levels (a rename still breaks callers); their
 * messages say what the other side is called, so a report reads as one rename, not two
 * unrelated changes.
 */
import { canonicalSchemaText } from "./canonicalize.js";
import type { Change } from "./types.js";
import { unescapeToken } from "../shared/json-pointer.js";

const PROPERTY_REMOVED = new Set<string>(["input-property-removed", "output-required-property-removed", "output-optional-property-removed"]);
const PROPERTY_ADDED = new Set<string>(["input-required-property-added", "input-optional-property-added", "output-property-added"]);

/** Tools: `removed` / `added` map each tool's name to its schemas' canonical text. */
export function hintToolRenames(changes: readonly Change[], removed: ReadonlyMap<string, string>, added: ReadonlyMap<string, string>): void {
  const taken = new Set<string>();
  for (const [oldName, schemas] of removed) {
    const newName = [...added].find(([name, text]) => text === schemas && !taken.has(name))?.[0];
    if (newName === undefined) continue;
    taken.add(newName);
    note(changes, "tool-removed", oldName, `renamed to "${newName}"? it has the same schemas`);
    note(changes, "tool-added", newName, `renamed from "${oldName}"? it has the same schemas`);
  }
}

/** Properties: a removed and an added property of one object, in one tool, with equal schemas. */
export function hintPropertyRenames(changes: readonly Change[]): void {
  const taken = new Set<Change>();
  for (const gone of changes) {
    if (!PROPERTY_REMOVED.has(gone.ruleId) || gone.pointer === undefined || gone.before === undefined) continue;
    const schema = canonicalSchemaText(gone.before);
    const twin = changes.find(
      (change) =>
        PROPERTY_ADDED.has(change.ruleId) &&
        !taken.has(change) &&
        change.entity.kind === gone.entity.kind &&
        change.entity.name === gone.entity.name &&
        change.pointer !== undefined &&
        parentOf(change.pointer) === parentOf(gone.pointer ?? "") &&
        change.after !== undefined &&
        canonicalSchemaText(change.after) === schema,
    );
    if (!twin?.pointer) continue;
    taken.add(twin);
    gone.message += ` (renamed to "${lastKey(twin.pointer)}"? it has the same schema)`;
    twin.message += ` (renamed from "${lastKey(gone.pointer)}"? it has the same schema)`;
  }
}

function note(changes: readonly Change[], ruleId: string, name: string, hint: string): void {
  const change = changes.find((candidate) => candidate.ruleId === ruleId && candidate.entity.name === name);
  if (change) change.message += ` (${hint})`;
}

function parentOf(pointer: string): string {
  return pointer.slice(0, pointer.lastIndexOf("/"));
}

/** The last JSON pointer segment, unescaped (`~1` → `/`, `~0` → `~`). */
function lastKey(pointer: string): string {
  return unescapeToken(pointer.slice(pointer.lastIndexOf("/") + 1));
}
