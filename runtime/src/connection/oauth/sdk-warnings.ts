/**
 * The MCP SDK's OAuth code writes some failures straight to `console.warn` (`[mcp-sdk] OAuth
 * "invalid_client" … Cause: "<the authorization server's body>"`), and an authorization server
 * may echo the client secret, the code or the verifier there. Those lines pass through the
 * secret registry once an OAuth session exists; every other warning is left as it is.
 */
import { redactKnown } from "../../shared/secret-registry.js";

const SDK_PREFIX = "[mcp-sdk]";
const MASKING = Symbol.for("mcp-codegen.sdk-warning-mask");

export function maskSdkWarnings(): void {
  const current = console.warn as typeof console.warn & { [MASKING]?: true };
  if (current[MASKING]) return;
  const masked = Object.assign(
    function warn(this: unknown, ...args: unknown[]): void {
      const [first, ...rest] = args;
      const text = typeof first === "string" && first.startsWith(SDK_PREFIX) ? redactKnown(first) : first;
      current.apply(this, args.length === 0 ? [] : [text, ...rest]);
    },
    { [MASKING]: true as const },
  );
  console.warn = masked;
}
