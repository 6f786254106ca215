import { describe, expect, it } from "vitest";
import { toStandardBlock } from "../../runtime/src/adapters/langchain/content.js";
import { MAX_TOOL_NAME_LENGTH, planUniqueNames } from "../../runtime/src/adapters/tool-names.js";

const named = (server: string, tool: string, name = tool) => ({ server, tool, name });

describe("planUniqueNames", () => {
  it("leaves unique names alone", () => {
    expect(planUniqueNames([named("a", "x"), named("b", "y")])).toEqual([]);
  });

  it("prefixes every tool of a name shared across servers, in list order", () => {
    const renames = planUniqueNames([named("a", "search"), named("b", "search"), named("b", "other")]);
    expect(renames.map((rename) => [rename.index, rename.to])).toEqual([
      [0, "a__search"],
      [1, "b__search"],
    ]);
  });

  it("suffixes later duplicates within one server, never taking a name another tool has", () => {
    const tools = [named("s", "a.b", "a_b"), named("s", "a/b", "a_b"), named("s", "a_b_2"), named("s", "a b", "a_b")];
    const renames = planUniqueNames(tools);
    expect(renames.map((rename) => [rename.index, rename.to])).toEqual([
      [1, "a_b_3"],
      [3, "a_b_4"],
    ]);
  });

  it("keeps suffixed names within 64 characters", () => {
    const long = "x".repeat(MAX_TOOL_NAME_LENGTH);
    const [rename] = planUniqueNames([named("s", `${long}1`, long), named("s", `${long}2`, long)]);
    expect(rename?.to).toHaveLength(MAX_TOOL_NAME_LENGTH);
    expect(rename?.to).toMatch(/^x+_2$/);
  });
});

describe("content blocks", () => {
  it("converts audio to a standard audio block", () => {
    expect(toStandardBlock({ type: "audio", mimeType: "audio/wav", data: "UklGRg==" })).toEqual({ type: "audio", mimeType: "audio/wav", data: "UklGRg==" });
  });
});
