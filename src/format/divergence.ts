/**
 * Layouts where oxfmt (0.80) and prettier 3 are known to part ways on code the emitters write,
 * found by `test/format/oracle.test.ts` over the fuzzer's schemas. A piece whose oxfmt output
 * shows one is formatted again by prettier, so the output stays prettier's bytes. Neither occurs
 * in the output of common servers (none in 1,000 realistic tools): the fallback costs nothing
 * there.
 */
import { PRETTIER_OPTIONS } from "./options.js";

const PRINT_WIDTH = PRETTIER_OPTIONS.printWidth ?? 80;

/**
 * 1. A property whose key is too long for its line: prettier puts a union that fits on the next
 *    line there whole (`string | undefined;`), oxfmt breaks it one member a line.
 * 2. A union member opening two groups at once (json-schema-to-typescript writes `((A | B) | C)`):
 *    the two break such nested groups differently.
 */
export function mayDifferFromPrettier(code: string): boolean {
  return /^\s*\| \(\(/m.test(code) || brokenUnionAfterLongKey(code);
}

const UNION_AFTER_KEY = /:\n((?:( +)\| [^\n]*\n)+)/g;

function brokenUnionAfterLongKey(code: string): boolean {
  for (const match of code.matchAll(UNION_AFTER_KEY)) {
    const lines = (match[1] ?? "").trimEnd().split("\n");
    const indent = match[2] ?? "";
    // Only a union of one-line members, ending the property (`;`) on its last line.
    if (!lines.every((line) => line.startsWith(`${indent}| `)) || !lines.at(-1)?.endsWith(";")) continue;
    const flat = indent.length + lines.map((line) => line.slice(indent.length + 2)).join(" | ").length;
    if (flat <= PRINT_WIDTH) return true;
  }
  return false;
}
