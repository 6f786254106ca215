/**
 * A client of one protected test server, the way a user builds it: `createRuntime` with the
 * server's `auth` and the `oauth` runtime option.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { AuthConfig } from "../../src/shared/auth-config.js";
import { OAuthSession } from "../../src/runtime/oauth/session.js";
import { memoryOAuthStore } from "../../src/runtime/oauth/memory-store.js";
import type { OAuthOptions } from "../../src/runtime/oauth/types.js";

export interface ProtectedClient {
  /** `whoami`: "<client id> <scopes>". */
  whoami(): Promise<string>;
  close(): Promise<void>;
}

export async function connectProtected(url: string, auth: AuthConfig, oauth: OAuthOptions = {}, transport: "http" | "sse" = "http"): Promise<ProtectedClient> {
  if (auth.type === "bearer") throw new Error("not here");
  const session = new OAuthSession({ server: "s", url: new URL(url), auth, store: oauth.store ?? memoryOAuthStore(), authorize: oauth.authorize, redirectUrl: oauth.redirectUrl });
  const client = new Client({ name: "t", version: "1" });
  const options = { fetch: session.wrap(fetch) };
  await client.connect(transport === "sse" ? new SSEClientTransport(new URL(url), options) : new StreamableHTTPClientTransport(new URL(url), options));
  return {
    whoami: async () => {
      const result = await client.callTool({ name: "whoami", arguments: {} });
      return (result.content as { text: string }[])[0]?.text ?? "";
    },
    close: () => client.close(),
  };
}
