/**
 * Tool annotations in words, for the JSDoc of generated tool methods (tool-doc.ts). Only hints
 * the server gave as booleans are described; the MCP spec calls them hints, not guarantees.
 */
export const ANNOTATION_WORDS: readonly (readonly [hint: string, whenTrue: string, whenFalse: string])[] = [
  ["readOnlyHint", "read-only", "modifies its environment"],
  ["destructiveHint", "destructive (may delete or overwrite)", "not destructive"],
  ["idempotentHint", "idempotent", "not idempotent"],
  ["openWorldHint", "open-world (reaches outside systems)", "closed-world"],
];
