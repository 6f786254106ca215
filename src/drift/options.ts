/** The config's `drift` settings as `DriftOptions`, validated: a bad rule id or level is a config error naming its key path. */
import path from "node:path";
import { CodegenError } from "@mcp-codegen/runtime/internal";
import type { ResolvedConfig } from "../config/load.js";
import { didYouMean } from "../config/suggest.js";
import { RULE_IDS, validateDriftOptions, type DriftOptions } from "./index.js";

export function driftOptions(config: ResolvedConfig): DriftOptions {
  const { rules, overrides, accept } = config.drift;
  const options = {
    ...(rules ? { rules } : {}),
    ...(overrides ? { overrides } : {}),
    ...(accept ? { accept } : {}),
  } as DriftOptions;
  try {
    validateDriftOptions(options);
  } catch (error) {
    // Keep the key path the validation names (`drift.accept[0].ruleId`), and suggest the rule id a typo meant.
    const subject = `${path.basename(config.configPath)}: ${error instanceof CodegenError && error.subject ? error.subject : "drift"}`;
    const unknown = /^unknown drift rule id "(.*)"$/.exec((error as Error).message)?.[1];
    const guess = unknown === undefined ? undefined : didYouMean(unknown, RULE_IDS);
    const hint = guess ? ` (did you mean "${guess}"?)` : unknown === undefined ? "" : " (the rule ids are listed in docs/drift.md)";
    throw new CodegenError("config", `${(error as Error).message}${hint}`, { subject });
  }
  return options;
}
