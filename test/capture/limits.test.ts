import { describe, expect, it } from "vitest";
import { checkDepth } from "../../src/capture/limits.js";

/** `levels` objects and arrays, alternating, around `leaf`. */
function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = levels; level > 0; level--) value = level % 2 === 0 ? [value] : { "a/b": value };
  return value;
}

describe("checkDepth", () => {
  it("names the pointer of the first value past the cap, through arrays and escaped keys", () => {
    expect(() => checkDepth('server "s"', 'tool "t"', { inputSchema: nested(6, {}) }, 4)).toThrow(
      'tool "t" nests more than 4 levels deep (at /inputSchema/a~1b/0/a~1b), over the cap `maxSchemaDepth: 4`',
    );
  });

  it("counts objects and arrays only: a string or number at the cap's depth passes", () => {
    expect(() => checkDepth("s", "t", nested(4, "deep text"), 4)).not.toThrow();
    expect(() => checkDepth("s", "t", nested(4, 1), 4)).not.toThrow();
    expect(() => checkDepth("s", "t", nested(4, {}), 4)).toThrow(/nests more than 4 levels deep/);
    expect(() => checkDepth("s", "t", "not nested", 0)).not.toThrow();
  });

  it("skips the holes of a sparse array and finds what follows them", () => {
    const sparse: unknown[] = [];
    sparse[5] = nested(3, {});
    expect(() => checkDepth("s", "t", { list: sparse }, 4)).toThrow("(at /list/5/a~1b/0),");
  });
});
