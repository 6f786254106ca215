/**
 * `@mcp-codegen/runtime`: what generated modules and users import. Public exports only.
 * `@langchain/core` is imported lazily by the functions that need it.
 */
export { createRuntime } from "./adapters/create-runtime.js";
export type { Runtime } from "./calls/runtime-api.js";
export type { Session } from "./calls/session.js";
export { callTypedTool } from "./calls/typed-calls.js";
export { readTypedResource, expandUriTemplate, type UriVariables } from "./calls/resources.js";
export { skillAccessor, type SkillAccessor, type SkillDescriptor, type SkillFile } from "./calls/skills.js";
export { getPromptMessages } from "./adapters/langchain/prompts.js";
export { getMcpPromptMessages, type PromptMessage } from "./calls/prompt-messages.js";
export { interruptOn } from "./adapters/langchain/approvals.js";
export { createLangChainTools, uniqueToolNames, type LangChainToolOptions } from "./adapters/langchain/tools.js";
export { toolArtifact } from "./adapters/langchain/output.js";
export type { ElicitationInterrupt, ElicitationResume, FormElicitationInterrupt, UrlElicitationInterrupt } from "./adapters/langchain/interrupt.js";
export type { McpBlockType, OutputHandling, OutputTarget } from "./shared/output-handling.js";
export {
  isDirectToolOutput,
  type DirectToolOutput,
  type InterceptorResult,
  type ToolCallContext,
  type ToolCallHandler,
  type ToolCallInterceptor,
  type ToolCallOverride,
  type ToolCallRequest,
} from "./calls/interceptors.js";
export type {
  AfterToolCall,
  AfterToolCallChange,
  AfterToolCallInput,
  BeforeToolCall,
  BeforeToolCallChange,
  ToolCallHooks,
  ToolHookCall,
  ToolHookState,
} from "./calls/hooks.js";
export { pathFromModule, pathFromProjectRoot } from "./shared/paths.js";
export { withAsyncDispose, type AsyncDisposer } from "./shared/dispose.js";
export { MissingPeerError } from "./adapters/langchain/load.js";
export { driftGuard, mergeDriftReports, type DriftGuard, type DriftGuardRegistration, type GeneratedSnapshot } from "./calls/drift-guard.js";
export { serverTasks } from "./calls/tasks/typed.js";
export type { OutputOf, ServerTasks, TaskCallOptions, TaskHandle, TaskStartOptions, TaskState, TaskStatus, TaskToolKey, TaskWaitOptions } from "./calls/tasks/types.js";
export type { DriftGuardPolicy } from "./shared/types.js";
export type { Change as DriftChange, DriftOptions, DriftReport, DriftSummary } from "./drift/types.js";
export type { ServerSnapshot, SkillEntry, SkillFileEntry } from "./shared/snapshot.js";
// Every error class, from the one errors module (the generator's CodegenError stays internal).
export {
  McpRuntimeError,
  ConnectionError,
  RuntimeClosedError,
  ConfigError,
  ProtocolError,
  ResourceNotFoundError,
  InputRoundsExceededError,
  TimeoutError,
  CancelledError,
  ToolCallError,
  ValidationError,
  OutputValidationError,
  InterceptorError,
  AuthorizationError,
  LoginRequiredError,
  TaskError,
  TaskFailedError,
  TaskCancelledError,
  TaskNotFoundError,
  DriftError,
  SkillDriftError,
  type IssueLike,
} from "./shared/errors.js";
export type {
  CallbackSource,
  InputCallbackSource,
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
  ToolTimeout,
} from "./shared/types.js";
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
  OpenToolAnnotations,
  ToolResult,
} from "./shared/types.js";
export type { ServerConfig } from "./shared/server-config.js";
export type { CapturedProtocol, ProtocolEra, ProtocolSelection } from "./shared/protocol.js";
export type { HeaderParameter } from "./shared/x-mcp-header.js";
export type { TelemetryOptions, TelemetrySetting } from "./shared/telemetry-options.js";
export type { AuthConfig, BearerAuthConfig, ClientCredentialsAuthConfig, OAuthAuthConfig } from "./shared/auth-config.js";
export { memoryOAuthStore } from "./connection/oauth/memory-store.js";
export { fileOAuthStore, defaultOAuthDirectory, type FileOAuthStore, type StoredOAuthEntry } from "./connection/oauth/file-store.js";
export type { AuthorizeContext, AuthorizeFunction, OAuthOptions, OAuthRecord, OAuthStore, OAuthStoreKey } from "./connection/oauth/types.js";
