/**
 * A generator target (a plugin in the hey-api sense): one framework's bindings, emitted from the
 * normalized server beside the target-independent typed client. Each target names what its
 * statements import, adds its accessor to the client interface and object, its tools factory
 * (and types) to the server module, and its all-servers accessor to the index module. A target
 * not configured contributes nothing: no import, no byte.
 */
import type { TargetName, TargetSettings } from "../../config/targets.js";
import type { NormalizedServer } from "../../normalize/normalize.js";
import type { ApprovalDecision } from "../approval.js";

export interface TargetContext {
  server: NormalizedServer;
  settings: TargetSettings;
  /** Per raw tool name, when codegen.config has an `approval` policy. */
  approvals: ReadonlyMap<string, ApprovalDecision> | undefined;
}

export interface ImportNeed {
  module: string;
  names: string[];
  typeOnly: boolean;
}

/** A method of the client interface (server-structure.ts prints it). */
export interface ClientMethod {
  name: string;
  docs: string[];
  parameters: { name: string; type: string; hasQuestionToken?: boolean }[];
  returnType: string;
}

export interface IndexServerRef {
  key: string;
  property: string;
  typeStem: string;
  /** Each tool's raw name and the name the framework targets give it on this server (`NormalizedTool.modelName`). */
  modelNames: readonly { tool: string; name: string }[];
}

export interface TargetEmitter {
  readonly name: TargetName;
  /** Runtime names from `@mcp-codegen/runtime` (see runtime-imports.ts) and other modules' imports. */
  imports(context: TargetContext): ImportNeed[];
  clientMethods(context: TargetContext): ClientMethod[];
  /** Members of the object `create<Server>Client` returns (`guard`, `runtime`, `server` in scope). */
  clientMembers(context: TargetContext): string[];
  /** Statements of the server module (types and the tools factory). */
  statements(context: TargetContext): string[];
  index: {
    imports(servers: readonly IndexServerRef[]): ImportNeed[];
    /** Members of the `Client` interface. */
    members(servers: readonly IndexServerRef[]): string[];
    /** Members of the object `createClient` returns (`all`, `clients`, `runtime` in scope). */
    implementation(servers: readonly IndexServerRef[]): string[];
  };
}

/** The `{ tools, loadSnapshot, approvals?, modelSchema? }` a framework adapter takes. */
export function generatedToolsArgument(context: TargetContext, modelSchema: string): string {
  const parts = ["tools: Object.values(tools)", "loadSnapshot"];
  if (context.approvals) parts.push("approvals");
  if (modelSchema !== "exact") parts.push(`modelSchema: ${JSON.stringify(modelSchema)}`);
  return `{ ${parts.join(", ")} }`;
}
