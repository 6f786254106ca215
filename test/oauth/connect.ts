/**
 * A client of one protected test server, the way a user builds it: `createRuntime` with the
 * server's `auth` and the `oauth` runtime option (the shape the conformance client uses).
 */
import type { AuthConfig } from "../../runtime/src/shared/auth-config.js";
import { createRuntime, type Runtime } from "../../runtime/src/index.js";
import type { OAuthOptions } from "../../runtime/src/connection/oauth/types.js";

export interface ProtectedClient {
  readonly runtime: Runtime;
  /** `whoami`: "<client id> <scopes>". */
  whoami(): Promise<string>;
  close(): Promise<void>;
}

export function connectProtected(url: string, auth: AuthConfig, oauth: OAuthOptions = {}, transport: "http" | "sse" = "http"): ProtectedClient {
  const runtime = createRuntime({ servers: { s: { transport, url, auth } }, oauth, reconnect: { retries: 0 } });
  return {
    runtime,
    whoami: async () => {
      const result = await runtime.callTool("s", "whoami");
      return (result.content as { text: string }[])[0]?.text ?? "";
    },
    close: () => runtime.close(),
  };
}
