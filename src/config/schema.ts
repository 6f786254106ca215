/**
 * The shape of `codegen.config.*`, validated with Zod so every mistake is reported with its
 * key path (`servers.math.command: Required`).
 */
import { z } from "zod";
import {
  hasPlaceholder,
  MCP_BLOCK_TYPES,
  OUTPUT_HANDLING_EXPECTED,
  OUTPUT_TARGET_EXPECTED,
  OUTPUT_TARGETS,
  PROTOCOL_SELECTIONS,
  type McpBlockType,
  type ProtocolSelection,
} from "@mcp-codegen/runtime/internal";
import { serverKeyProblem } from "./server-key.js";
import { targetsConfig } from "./targets.js";

const stringRecord = z.record(z.string(), z.string());
const globList = z.array(z.string().min(1));

/** `MultiServerMCPClient`'s `outputHandling`: one target for every block type, or one per type. */
const outputTarget = z.enum(OUTPUT_TARGETS, { error: OUTPUT_TARGET_EXPECTED });
const outputTargetByType = z.strictObject(
  Object.fromEntries(MCP_BLOCK_TYPES.map((type) => [type, outputTarget.optional()])) as Record<McpBlockType, z.ZodOptional<typeof outputTarget>>,
);
const outputHandling = z.union([outputTarget, outputTargetByType], {
  error: (issue) => (issue.code === "invalid_union" ? OUTPUT_HANDLING_EXPECTED : undefined),
});

/** Options every server entry may carry, whatever its transport. */
const serverOptions = {
  timeout: z.number().int().positive().optional(),
  maxListingBytes: z.number().int().positive().optional(),
  maxSchemaDepth: z.number().int().positive().optional(),
  include: globList.optional(),
  exclude: globList.optional(),
  ...runtimeOptions(),
};

/**
 * Run-time options a config entry may carry into the generated connection (also what
 * `MultiServerMCPClient`'s `restart`, `reconnect`, `defaultToolTimeout` and `outputHandling`
 * map to, compat.ts).
 */
function runtimeOptions() {
  return {
    /** Re-opening a lost connection: attempts after the first, delay doubled up to maxDelayMs. */
    reconnect: z
      .strictObject({
        retries: z.number().int().min(0).optional(),
        initialDelayMs: z.number().int().min(0).optional(),
        maxDelayMs: z.number().int().min(0).optional(),
      })
      .optional(),
    /** Request timeout (ms) of the generated client's calls to this server. */
    defaultToolTimeout: z.number().int().positive().optional(),
    /** LangChain tools: which block types go to the ToolMessage's content, which to its artifact. */
    outputHandling: outputHandling.optional(),
    /** Which MCP revision to speak (capture and generated client): "auto", "legacy" or "2026-07-28". */
    protocol: z.enum(PROTOCOL_SELECTIONS as [ProtocolSelection, ...ProtocolSelection[]]).optional(),
    /** Cap on multi round-trip input rounds per request (2026-07-28 servers asking for input). */
    maxInputRounds: z.number().int().positive().optional(),
    /** Progress notifications restart the timeout of the generated client's requests to this server. */
    resetTimeoutOnProgress: z.boolean().optional(),
    /** A bound (ms) on a whole request to this server that no progress extends. */
    maxTotalTimeout: z.number().int().positive().optional(),
    /** Largest HTTP response body (or SSE event) the generated client accepts from this server, in bytes. */
    maxResponseBytes: z.number().int().positive().optional(),
    /** Largest `requestState` a 2026-07-28 server may ask the generated client to echo, in bytes. */
    maxRequestStateBytes: z.number().int().positive().optional(),
  };
}

const stdioServer = z.strictObject({
  transport: z.literal("stdio"),
  command: z.string().min(1, "must name the program to start"),
  args: z.array(z.string()).optional(),
  env: stringRecord.optional(),
  cwd: z.string().min(1).optional(),
  stderr: z.enum(["inherit", "ignore", "pipe"]).optional(),
  ...serverOptions,
});

/** Secrets stay out of config files (and the generated `defaultConnection`): only `${VAR}` placeholders. */
const secretPlaceholder = z.string().refine(hasPlaceholder, "write the secret as a ${VAR} placeholder: config files and generated code must not hold it");
const scopeList = z.array(z.string().regex(/^[^\s"\\]+$/, "a scope is one token without spaces or quotes"));

const authConfig = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("oauth"),
    scopes: scopeList.optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: secretPlaceholder.optional(),
    clientMetadataUrl: z.url({ protocol: /^https$/, error: "must be an https URL" }).optional(),
    redirectUrl: z.url({ protocol: /^https?$/ }).optional(),
  }),
  z
    .strictObject({
      type: z.literal("client_credentials"),
      clientId: z.string().min(1),
      clientSecret: secretPlaceholder.optional(),
      privateKey: secretPlaceholder.optional(),
      algorithm: z.string().min(1).optional(),
      scopes: scopeList.optional(),
    })
    .refine((auth) => (auth.clientSecret === undefined) !== (auth.privateKey === undefined), "give exactly one of clientSecret and privateKey"),
  z.strictObject({ type: z.literal("bearer"), token: secretPlaceholder }),
]);

const httpServer = z.strictObject({
  transport: z.enum(["http", "streamable_http", "streamable-http"]),
  url: z.string().min(1),
  headers: stringRecord.optional(),
  auth: authConfig.optional(),
  ...serverOptions,
});

const sseServer = z.strictObject({
  transport: z.literal("sse"),
  url: z.string().min(1),
  headers: stringRecord.optional(),
  auth: authConfig.optional(),
  ...serverOptions,
});

export const TRANSPORTS = ["stdio", "http", "streamable_http", "streamable-http", "sse"] as const;

/** The keys each `auth.type` takes, for the same message. */
export const AUTH_KEYS: ReadonlyMap<string, readonly string[]> = new Map(authConfig.options.map((option) => [String(option.shape.type.value), Object.keys(option.shape)]));

/** The keys each kind of server entry takes: for "unknown key … (did you mean …?)". */
export const SERVER_KEYS = {
  stdio: Object.keys(stdioServer.shape),
  http: Object.keys(httpServer.shape),
  sse: Object.keys(sseServer.shape),
} as const;

export const serverConfigSchema = z.discriminatedUnion("transport", [stdioServer, httpServer, sseServer], {
  error: (issue) =>
    issue.code === "invalid_union" ? `unknown transport; expected one of ${TRANSPORTS.join(", ")}` : undefined,
});

const driftLevel = z.enum(["breaking", "dangerous", "safe", "off"]);

const driftConfig = z.strictObject({
  /** Re-level rules by id, for every server. */
  rules: z.record(z.string(), driftLevel).optional(),
  /** Re-level rules for a server and/or tool glob. */
  overrides: z
    .array(
      z.strictObject({
        server: z.string().optional(),
        tool: z.string().optional(),
        rules: z.record(z.string(), driftLevel),
      }),
    )
    .optional(),
  /** Reviewed changes that must stop failing CI. */
  accept: z
    .array(
      z.strictObject({
        server: z.string(),
        tool: z.string().optional(),
        ruleId: z.string(),
        pointer: z.string().optional(),
        reason: z.string().min(1, "say why the change is accepted"),
      }),
    )
    .optional(),
  failOn: z.enum(["breaking", "dangerous", "safe"]).optional(),
});

const auditLevel = z.enum(["error", "warning", "note"]);

/** `mcp-codegen audit` and what `generate` and `check` do with its findings (docs/security.md). */
const auditConfig = z.strictObject({
  /** Re-level audit rules by id, or turn them off. */
  rules: z.record(z.string(), z.enum(["error", "warning", "note", "off"])).optional(),
  /** Reviewed findings: each bound to the hash of the text it was found in, so it lapses when that text changes. */
  allow: z
    .array(
      z.strictObject({
        server: z.string().min(1),
        /** The tool (or prompt, resource URI, template); absent for the server's instructions. */
        tool: z.string().min(1).optional(),
        rule: z.string().min(1),
        hash: z.string().regex(/^[0-9a-f]{16}$/, "the finding's text hash (16 hex digits, as `mcp-codegen audit` prints it)"),
        reason: z.string().min(1, "say why the finding is acknowledged"),
      }),
    )
    .optional(),
  /** `generate` fails (writes nothing, exit 1) on a finding of this level or above. Default: never. */
  failOn: auditLevel.optional(),
  /** Strip the hidden characters the audit finds from what models and JSDoc get (default true). */
  stripHidden: z.boolean().optional(),
});

export const codegenConfigSchema = z.strictObject({
  servers: z
    .record(
      z.string().superRefine((key, context) => {
        const problem = serverKeyProblem(key);
        if (problem !== undefined) context.addIssue({ code: "custom", message: problem });
      }),
      serverConfigSchema,
    )
    .refine((servers) => Object.keys(servers).length > 0, "configure at least one server"),
  outDir: z.string().min(1).optional(),
  snapshot: z.string().min(1).optional(),
  /** Default per-server timeout in milliseconds for connect, initialise and listing. */
  timeout: z.number().int().positive().optional(),
  /** Cap on the JSON size of one server's whole listing (default 16 MiB). */
  maxListingBytes: z.number().int().positive().optional(),
  /** Cap on the JSON nesting of one listed tool, resource or prompt (default 100). */
  maxSchemaDepth: z.number().int().positive().optional(),
  drift: driftConfig.optional(),
  audit: auditConfig.optional(),
  /**
   * A list other than tools/list that a server advertises but does not answer (method not found,
   * internal error, no answer in time, an invalid page): "warn" (default) records it as
   * unavailable and generates the rest; "error" fails the server.
   */
  unavailableLists: z.enum(["warn", "error"]).optional(),
  /**
   * Warnings acknowledged: a rule id (`"format-not-checked": "off"`) or a `server.tool` glob
   * (`"github.*": "off"`, `"github.create_*": "off"`). Counted as silenced, not shown.
   */
  warnings: z.record(z.string().min(1), z.literal("off")).optional(),
  /** Every server's `outputHandling`; a server's own value wins, block type by block type. */
  outputHandling: outputHandling.optional(),
  ...targetsConfig,
  /**
   * The formatter of generated code: `"oxfmt"` (default; prettier's output at native speed) or
   * `"prettier"` (prettier itself, with the prettier config that applies to outDir).
   */
  format: z.enum(["oxfmt", "prettier"]).optional(),
  types: z
    .strictObject({
      /**
       * Input types of objects whose schema leaves `additionalProperties` unset: `"closed"` (no
       * index signature, so a misspelt key is a compile error) or `"schema"` (open, as the JSON
       * Schema reads). Output types always follow the schema.
       */
      additionalProperties: z.enum(["closed", "schema"]).optional(),
    })
    .optional(),
});

/** Top-level, `drift` and `outputHandling` keys, for "did you mean …?". */
export const TOP_LEVEL_KEYS = Object.keys(codegenConfigSchema.shape);
export const DRIFT_KEYS = Object.keys(driftConfig.shape);
export const AUDIT_KEYS = Object.keys(auditConfig.shape);
export const OUTPUT_HANDLING_KEYS = Object.keys(outputTargetByType.shape);

export type CodegenConfigInput = z.input<typeof codegenConfigSchema>;
export type DriftConfig = z.output<typeof driftConfig>;
export type AuditConfig = z.output<typeof auditConfig>;
export type InputTypesMode = "closed" | "schema";
