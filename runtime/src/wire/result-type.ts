/**
 * `resultType` absent from a 2026-07-28 result means `"complete"`: the spec says clients MUST
 * treat it so (basic/index, "Result types"), and the conformance suite's SEP-2322 scenario
 * checks it. The SDK (2.4) refuses such a result from a 2026-07-28 server ("missing required
 * resultType"), so the field is filled in before the SDK reads the message. A handler set on
 * the transport before `client.connect` runs first, on the same message object.
 *
 * Only on a modern connection: a 2025 result has no `resultType`, and adding one there would
 * show up in what the caller gets.
 */
import type { Transport } from "@modelcontextprotocol/client";

export function completeByDefault(transport: Transport, isModern: () => boolean): void {
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: unknown }).result;
    if (typeof result === "object" && result !== null && !Array.isArray(result) && !("resultType" in result) && !("method" in message) && isModern()) {
      (result as Record<string, unknown>)["resultType"] = "complete";
    }
    onmessage?.(message, extra);
  };
}
