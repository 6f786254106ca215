export { createAgentsTools, uniqueAgentsToolNames, type AgentsTool, type AgentsToolOptions } from "./tools.js";
