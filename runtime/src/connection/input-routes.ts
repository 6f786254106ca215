/**
 * Where a server's elicitation goes when the runtime's `elicitation` option is "interrupt": to
 * the LangChain tool call that caused it (which turns it into a LangGraph interrupt), else to
 * the user's `onElicitation`, else it is declined.
 *
 * A 2025-era `elicitation/create` carries nothing that names the request it belongs to (over
 * stdio there is no per-request stream), so it goes to the earliest interrupt-mode call still
 * in flight on the connection; with one such call at a time (the common case: an agent waits
 * for the user) that is exact.
 */
import type { InputCallbackSource, ElicitationRequest, ElicitationResponse, RuntimeCallbacks } from "../shared/types.js";

/** A call that answers its own elicitations. */
export interface ElicitationRoute {
  answer(request: ElicitationRequest): Promise<ElicitationResponse>;
}

export type ElicitationMode = "callback" | "interrupt";

export class InputRoutes {
  /** Insertion order = call order. */
  readonly #open = new Set<ElicitationRoute>();

  /** Routes this connection's elicitations to `route` until the returned function is called. */
  open(route: ElicitationRoute): () => void {
    this.#open.add(route);
    return () => this.#open.delete(route);
  }

  current(): ElicitationRoute | undefined {
    return this.#open.values().next().value;
  }
}

/**
 * The callbacks a connection installs: in "interrupt" mode `onElicitation` is always set (the
 * capability is declared) and asks the open route first.
 */
export function routedCallbacks(callbacks: RuntimeCallbacks, mode: ElicitationMode, routes: InputRoutes): RuntimeCallbacks {
  if (mode !== "interrupt") return callbacks;
  const fallback = callbacks.onElicitation;
  const onElicitation = (request: ElicitationRequest, source: InputCallbackSource): ElicitationResponse | Promise<ElicitationResponse> => {
    const route = routes.current();
    if (route) return route.answer(request);
    return fallback ? fallback(request, source) : { action: "decline" };
  };
  return { ...callbacks, onElicitation };
}
