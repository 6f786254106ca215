/** Colour follows NO_COLOR / FORCE_COLOR as picocolors reads them, FORCE_COLOR=0 meaning off (issue 17 item 8). */
import { describe, expect, it } from "vitest";
import { colorEnabled } from "../../src/cli/output/colors.js";

describe("colour detection", () => {
  it.each([
    ["a terminal", true, {}, true],
    ["a pipe", false, {}, false],
    ["a dumb terminal", true, { TERM: "dumb" }, false],
    ["NO_COLOR=1 on a terminal", true, { NO_COLOR: "1" }, false],
    ["an empty NO_COLOR on a terminal (no request)", true, { NO_COLOR: "" }, true],
    ["FORCE_COLOR=1 on a pipe", false, { FORCE_COLOR: "1" }, true],
    ["an empty FORCE_COLOR on a pipe", false, { FORCE_COLOR: "" }, true],
    ["FORCE_COLOR=0 on a terminal", true, { FORCE_COLOR: "0" }, false],
    ["FORCE_COLOR=false on a terminal", true, { FORCE_COLOR: "false" }, false],
    ["NO_COLOR beside FORCE_COLOR", false, { NO_COLOR: "1", FORCE_COLOR: "1" }, false],
  ] as const)("%s", (_, isTTY, env, expected) => {
    expect(colorEnabled(isTTY, env)).toBe(expected);
  });
});
