/**
 * Token counts are printed with thousands grouped as `toLocaleString("en-US")` groups them,
 * without calling it (its first call loads ICU's number formatting).
 */
import { describe, expect, it } from "vitest";
import { groupThousands } from "../../src/cli/output/context-cost.js";

describe("groupThousands", () => {
  it("prints whole numbers as en-US does", () => {
    const numbers = [0, 7, 42, 999, 1_000, 1_001, 12_345, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER];
    for (let n = 1; n < 1e15; n = n * 7 + 3) numbers.push(n);
    for (const n of numbers) expect(groupThousands(n), String(n)).toBe(n.toLocaleString("en-US"));
  });
});
