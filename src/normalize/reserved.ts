/**
 * Names the generated API already uses, so a server, tool, resource or prompt can never
 * shadow them. A clash gets a numeric suffix and a warning.
 */

/** Members of the object `createClient()` returns, besides one property per server. */
export const RESERVED_CLIENT_MEMBERS = new Set(["runtime", "getTools", "close", "verify", "then", "constructor", "__proto__", "prototype", "toString", "valueOf", "hasOwnProperty"]);

/** Members of a server's client object, besides one method per tool. */
export const RESERVED_SERVER_MEMBERS = new Set(["resources", "prompts", "getTools", "verify", "descriptors", "server", "then", "constructor", "__proto__", "prototype", "toString", "valueOf", "hasOwnProperty"]);

/** The member of a server's client for its tasks (resume, list): reserved only when the server has task tools. */
export const TASKS_MEMBER = "tasks";

/** The member of a server's client for its skills (SEP-2640): reserved only when the server declares the extension. */
export const SKILLS_MEMBER = "skills";

/** Members of the `resources`, `prompts` and `skills` namespaces. */
export const RESERVED_NAMESPACE_MEMBERS = new Set(["then", "constructor", "__proto__", "prototype", "toString", "valueOf", "hasOwnProperty"]);

/** Type names the generated modules declare or import themselves. */
export const RESERVED_TYPE_NAMES = new Set(["Runtime", "CallOptions", "ToolResult", "ResourceContent", "ToolDescriptor", "TaskCallOptions", "TaskStartOptions", "TaskHandle", "ServerTasks", "BaseMessage", "DynamicStructuredTool", "Promise", "Record", "Array", "Object", "String", "Number", "Boolean", "Symbol", "Date", "Error", "Map", "Set", "z"]);
