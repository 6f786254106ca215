/**
 * Elicitation as a LangGraph interrupt (`elicitation: "interrupt"`). A LangChain tool run by a
 * graph opens an input route on its server's connection for the length of its call; the
 * server's request for input reaches `answer`, which calls LangGraph's `interrupt()` in the
 * tool's own graph context:
 * - first run: `interrupt()` throws `GraphInterrupt`; the call is cancelled on the wire (the
 *   server hears "cancel") and the tool rethrows it, so the graph stops with the typed payload;
 * - after `Command({ resume })`: LangGraph runs the tool again from the start, the tool calls
 *   the server again, the server asks again and `interrupt()` now returns the resume value,
 *   which answers the server. Nothing lives in this process between the two runs, so the resume
 *   works as well after a restart (graph and client re-created, state from the checkpointer).
 * Several requests for input in one call are several interrupts, resumed one after the other.
 * A resume value that is no elicitation answer fails the tool with a line naming server and tool.
 */
import type { ElicitationRequest, ElicitationResponse } from "../../shared/types.js";
import type { ElicitationRoute, InputRoutes } from "../../connection/input-routes.js";
import { MissingPeerError } from "./load.js";
import type { RunnableConfig } from "@langchain/core/runnables";

interface InterruptBase {
  /** Tells this payload apart from other interrupts of the same graph. */
  readonly type: "mcp_elicitation";
  /** The server key of the runtime's config. */
  readonly server: string;
  /** The raw MCP name of the tool whose call asks. */
  readonly tool: string;
  readonly message: string;
}

/** The server asks for values described by a (flat, primitive-only) JSON Schema. */
export interface FormElicitationInterrupt extends InterruptBase {
  readonly mode: "form";
  readonly requestedSchema: Extract<ElicitationRequest, { requestedSchema: unknown }>["requestedSchema"];
}

/** The server asks the user to open a URL (resume with `{ action: "accept" }` once done). */
export interface UrlElicitationInterrupt extends InterruptBase {
  readonly mode: "url";
  readonly url: string;
  readonly elicitationId: string;
}

/** What `interrupt()` is called with: `result.__interrupt__[i].value` of the stopped graph. */
export type ElicitationInterrupt = FormElicitationInterrupt | UrlElicitationInterrupt;

/**
 * What to pass as `Command({ resume })`: the user's answer. On a form-mode accept, properties
 * left out get the requested schema's defaults.
 */
export type ElicitationResume = ElicitationResponse;

export interface InterruptTarget {
  readonly server: string;
  readonly tool: string;
}

type LangGraph = Pick<typeof import("@langchain/langgraph"), "interrupt">;
type Singletons = typeof import("@langchain/core/singletons");

let loading: Promise<[LangGraph, Singletons]> | undefined;

function loadLangGraph(): Promise<[LangGraph, Singletons]> {
  loading ??= Promise.all([import("@langchain/langgraph"), import("@langchain/core/singletons")]).catch((error: unknown) => {
    loading = undefined;
    const code = (error as { code?: unknown } | null)?.code;
    throw code === "ERR_MODULE_NOT_FOUND" ? new MissingPeerError("@langchain/langgraph", "^1") : error;
  });
  return loading;
}

export function interruptPayload(target: InterruptTarget, request: ElicitationRequest): ElicitationInterrupt {
  const base = { type: "mcp_elicitation", server: target.server, tool: target.tool, message: request.message } as const;
  if (request.mode === "url") return { ...base, mode: "url", url: request.url, elicitationId: request.elicitationId };
  return { ...base, mode: "form", requestedSchema: request.requestedSchema };
}

const ACTIONS: ReadonlySet<unknown> = new Set(["accept", "decline", "cancel"]);

function toResume(target: InterruptTarget, value: unknown): ElicitationResume {
  const action = (value as { action?: unknown } | null)?.action;
  if (!ACTIONS.has(action)) {
    throw new TypeError(`server "${target.server}" tool "${target.tool}": the resume value must be { action: "accept" | "decline" | "cancel", content? }, got ${JSON.stringify(value)}`);
  }
  return value as ElicitationResume;
}

/** Whether the tool runs as a node of a LangGraph graph (only there can it interrupt). */
export function inGraph(config: RunnableConfig | undefined): config is RunnableConfig {
  return config?.configurable?.["__pregel_scratchpad"] !== undefined;
}

/**
 * Runs `call` with this connection's elicitations routed to LangGraph interrupts. `call` gets a
 * signal that ends it when the graph is interrupted (and when the tool's own signal fires).
 */
export async function withElicitationInterrupts<R>(
  routes: InputRoutes,
  config: RunnableConfig,
  target: InterruptTarget,
  call: (signal: AbortSignal) => Promise<R>,
): Promise<R> {
  const [langgraph, singletons] = await loadLangGraph();
  const controller = new AbortController();
  const outer = config.signal;
  const stop = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) stop();
  outer?.addEventListener("abort", stop, { once: true });
  let interrupted: unknown;
  const route: ElicitationRoute = {
    answer: async (request) => {
      try {
        const value: unknown = singletons.AsyncLocalStorageProviderSingleton.runWithConfig(config, () => langgraph.interrupt(interruptPayload(target, request)));
        return toResume(target, value);
      } catch (error) {
        // The graph stopped (GraphInterrupt) or the resume value is unusable: either way the
        // call ends here and the tool throws that, not whatever the server makes of a cancel.
        interrupted ??= error;
        controller.abort(error);
        return { action: "cancel" };
      }
    },
  };
  const close = routes.open(route);
  try {
    const result = await call(controller.signal);
    if (interrupted !== undefined) throw interrupted;
    return result;
  } catch (error) {
    throw interrupted ?? error;
  } finally {
    close();
    outer?.removeEventListener("abort", stop);
  }
}
