/**
 * The client the MCP conformance suite's auth scenarios run against (the suite needs Node 22:
 * run it where that is available):
 *
 *   npx @modelcontextprotocol/conformance client --scenario auth/metadata-default \
 *     --command "node --import jiti/register test/conformance/auth-client.ts"
 *
 * The runner passes the server URL as the argument, the scenario in MCP_CONFORMANCE_SCENARIO and
 * pre-registered credentials in MCP_CONFORMANCE_CONTEXT. The client is the runtime as a user
 * configures it (the built package: `npm run build` first): `createRuntime` with the server's `auth` and an `oauth.authorize` that loads the
 * authorization URL without following the redirect and returns its Location.
 */
import { createRuntime, type AuthConfig } from "@mcp-codegen/runtime";
import { protocolFor } from "./revision.js";

/** The client ID metadata document URL the suite expects a CIMD-capable client to present. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

interface ConformanceContext {
  client_id?: string;
  client_secret?: string;
  private_key_pem?: string;
  signing_algorithm?: string;
}

/** Secrets reach the runtime the way they do in a config: as placeholders over the environment. */
function authFor(scenario: string, context: ConformanceContext): AuthConfig {
  const clientId = context.client_id ?? "";
  if (scenario === "auth/client-credentials-jwt") {
    return { type: "client_credentials", clientId, privateKey: "${CONFORMANCE_PRIVATE_KEY}", ...(context.signing_algorithm ? { algorithm: context.signing_algorithm } : {}) };
  }
  if (scenario === "auth/client-credentials-basic") return { type: "client_credentials", clientId, clientSecret: "${CONFORMANCE_CLIENT_SECRET}" };
  if (scenario === "auth/pre-registration") return { type: "oauth", clientId, clientSecret: "${CONFORMANCE_CLIENT_SECRET}" };
  return { type: "oauth", clientMetadataUrl: CLIENT_METADATA_URL };
}

async function authorize(url: URL): Promise<string> {
  const response = await fetch(url, { redirect: "manual" });
  await response.body?.cancel();
  const location = response.headers.get("location");
  if (location === null) throw new Error(`the authorization endpoint answered ${response.status} without a redirect`);
  return location;
}

async function main(): Promise<void> {
  const url = process.argv[2];
  if (url === undefined) throw new Error("usage: auth-client <server-url>");
  const scenario = process.env["MCP_CONFORMANCE_SCENARIO"] ?? "";
  const context = JSON.parse(process.env["MCP_CONFORMANCE_CONTEXT"] ?? "{}") as ConformanceContext;
  const runtime = createRuntime({
    servers: { s: { transport: "http", url, protocol: protocolFor(process.env["MCP_CONFORMANCE_PROTOCOL_VERSION"]), auth: authFor(scenario, context) } },
    oauth: { authorize },
    env: { CONFORMANCE_CLIENT_SECRET: context.client_secret, CONFORMANCE_PRIVATE_KEY: context.private_key_pem },
  });
  try {
    const tools = await runtime.listTools("s");
    const tool = tools[0];
    if (tool !== undefined) await runtime.callTool("s", tool.name, {});
  } finally {
    await runtime.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
