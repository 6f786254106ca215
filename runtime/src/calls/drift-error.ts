/** The typed error of the drift guard's "error" policy. */
import type { Change } from "../drift/types.js";
import type { RuleId } from "../drift/rules.js";
import { McpRuntimeError } from "../shared/runtime-errors.js";

/**
 * A call to a tool that is gone or changed in a breaking way since the client was generated
 * (drift guard policy "error"). Nothing was sent. `change` is the drift report entry, as
 * `mcp-codegen check` prints it; regenerate the client or accept the change in codegen.config.
 */
export class DriftError extends McpRuntimeError {
  override name = "DriftError";
  readonly change: Change;
  readonly ruleId: RuleId;
  readonly pointer: string | undefined;

  constructor(server: string, tool: string, change: Change) {
    const where = change.pointer === undefined ? "" : ` at ${change.pointer}`;
    super(server, `drift since generation (${change.ruleId}${where}): ${change.message}`, { tool });
    this.change = change;
    this.ruleId = change.ruleId;
    this.pointer = change.pointer;
  }
}
