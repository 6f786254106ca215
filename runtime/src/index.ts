/**
 * `@mcp-codegen/runtime`: what generated modules and users import. Public exports only.
 * `@langchain/core` is imported lazily by the functions that need it.
 */
export { createRuntime, type Runtime } from "./runtime.js";
export type { Session } from "./session.js";
export { callTypedTool } from "./typed-calls.js";
export { readTypedResource, expandUriTemplate, type UriVariables } from "./resources.js";
export { getPromptMessages } from "./prompts.js";
export { createLangChainTools, uniqueToolNames, type LangChainToolOptions } from "./langchain/tools.js";
export { toolArtifact } from "./langchain/output.js";
export type { McpBlockType, OutputHandling, OutputTarget } from "./shared/output-handling.js";
export {
  InterceptorError,
  isDirectToolOutput,
  type DirectToolOutput,
  type InterceptorResult,
  type ToolCallContext,
  type ToolCallHandler,
  type ToolCallInterceptor,
  type ToolCallOverride,
  type ToolCallRequest,
} from "./interceptors.js";
export type {
  AfterToolCall,
  AfterToolCallChange,
  AfterToolCallInput,
  BeforeToolCall,
  BeforeToolCallChange,
  ToolCallHooks,
  ToolHookCall,
  ToolHookState,
} from "./hooks.js";
export { pathFromModule, pathFromProjectRoot } from "./paths.js";
export { MissingPeerError } from "./langchain/load.js";
export { driftGuard, mergeDriftReports, type DriftGuard, type DriftGuardRegistration, type GeneratedSnapshot } from "./drift-guard.js";
export { DriftError } from "./drift-error.js";
export { serverTasks } from "./tasks/typed.js";
export { TaskError, TaskFailedError, TaskCancelledError, TaskNotFoundError } from "./tasks/errors.js";
export type { OutputOf, ServerTasks, TaskCallOptions, TaskHandle, TaskStartOptions, TaskState, TaskStatus, TaskToolKey, TaskWaitOptions } from "./tasks/types.js";
export type { DriftGuardPolicy } from "./types.js";
export type { Change as DriftChange, DriftOptions, DriftReport, DriftSummary } from "./drift/types.js";
export type { ServerSnapshot } from "./shared/snapshot.js";
export {
  McpRuntimeError,
  ConnectionError,
  RuntimeClosedError,
  ConfigError,
  ProtocolError,
  TimeoutError,
  CancelledError,
  ToolCallError,
  ValidationError,
  OutputValidationError,
  type IssueLike,
} from "./errors.js";
export type {
  CallbackSource,
  ConnectionOptions,
  ElicitationRequest,
  ElicitationResponse,
  ListChangedKind,
  LoggingLevel,
  LoggingMessage,
  ReconnectOptions,
  Root,
  RuntimeCallbacks,
  SamplingRequest,
  SamplingResponse,
  ServerConnectionOptions,
} from "./types.js";
export type {
  CallOptions,
  ContentBlock,
  ToolMethod,
  ToolMethods,
  TaskToolMethod,
  ProgressUpdate,
  PromptDescriptor,
  ResourceContent,
  ResourceDescriptor,
  ResourceTemplateDescriptor,
  RuntimeOptions,
  RuntimeServerConfig,
  ServerConfigs,
  ServerRuntimeOptions,
  ToolArtifact,
  ToolDescriptor,
  ToolResult,
} from "./types.js";
export type { ServerConfig } from "./shared/server-config.js";
export type { AuthConfig, BearerAuthConfig, ClientCredentialsAuthConfig, OAuthAuthConfig } from "./shared/auth-config.js";
export { AuthorizationError, LoginRequiredError } from "./oauth/errors.js";
export { memoryOAuthStore } from "./oauth/memory-store.js";
export { fileOAuthStore, defaultOAuthDirectory, type FileOAuthStore, type StoredOAuthEntry } from "./oauth/file-store.js";
export type { AuthorizeContext, AuthorizeFunction, OAuthOptions, OAuthRecord, OAuthStore, OAuthStoreKey } from "./oauth/types.js";
