export { createAiSdkTools, aiSdkToolApproval, mergeAiSdkTools, type AiSdkTool, type AiSdkToolApproval, type AiSdkToolOptions } from "./tools.js";
