/**
 * `mcp-codegen login [server...]`: the interactive OAuth login of each named server (default:
 * every server with `auth.type: "oauth"`), tokens into the per-user file store.
 */
import path from "node:path";
import { login, serversWithAuth, type LoginReport } from "../../auth/login.js";
import { loadConfig, type ResolvedConfig } from "../../config/load.js";
import { CodegenError } from "@mcp-codegen/runtime/internal";
import { fileOAuthStore, type FileOAuthStore } from "@mcp-codegen/runtime/internal/connect";
import { openBrowser } from "../browser.js";
import { EXIT_OK, failAndExit } from "../exit.js";
import { startLoopback } from "../loopback.js";

export interface LoginCliOptions {
  config?: string;
  /** `--no-open`: print the authorization URL instead of opening a browser. */
  open: boolean;
  /** Seconds to wait for the browser to come back. */
  timeout: string;
}

export interface LogoutCliOptions {
  config?: string;
}

export async function runLogin(names: string[], options: LoginCliOptions): Promise<number> {
  try {
    const config = await loadConfig(options.config === undefined ? {} : { configPath: options.config });
    const store = userStore(config);
    const timeoutMs = timeoutOf(options.timeout);
    for (const server of serversWithAuth(config, names, ["oauth"])) {
      const fixed = server.config.transport === "stdio" || server.config.auth?.type !== "oauth" ? undefined : server.config.auth.redirectUrl;
      const loopback = await startLoopback(server.name, fixed);
      try {
        const report = await login(config, server, {
          store,
          redirectUrl: loopback.redirectUrl,
          authorize: async (url) => {
            if (options.open) {
              process.stderr.write(`Opening the browser to log in to "${server.name}". If it does not open, visit:\n  ${url.href}\n`);
              void openBrowser(url.href);
            } else {
              process.stderr.write(`To log in to "${server.name}", open this URL in a browser:\n  ${url.href}\n`);
            }
            return loopback.waitForRedirect(timeoutMs);
          },
        });
        process.stdout.write(`${describeLogin(report, store)}\n`);
      } finally {
        await loopback.close();
      }
    }
    return EXIT_OK;
  } catch (error) {
    failAndExit(error);
  }
}

/** The per-user store; refused when it would lie inside the project (tokens must never be committed). */
export function userStore(config: ResolvedConfig): FileOAuthStore {
  const store = fileOAuthStore();
  const relative = path.relative(config.rootDir, store.directory);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) {
    throw new CodegenError("config", `the token store ${store.directory} is inside the project ${config.rootDir}; set XDG_CONFIG_HOME to a folder outside it`);
  }
  return store;
}

function timeoutOf(text: string): number {
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new CodegenError("config", `--timeout must be a positive number of seconds, got ${JSON.stringify(text)}`);
  return seconds * 1000;
}

function describeLogin(report: LoginReport, store: FileOAuthStore): string {
  const who = report.identity ?? (report.clientId === undefined ? "this client" : `client ${report.clientId}`);
  const scope = report.scope === undefined || report.scope === "" ? "" : `, scope "${report.scope}"`;
  const expiry = report.expiresAt === undefined ? "" : `, token valid for ${Math.max(0, Math.round((report.expiresAt - Date.now()) / 60_000))} min`;
  const info = report.serverInfo === undefined ? "" : ` (${report.serverInfo})`;
  return `Logged in to "${report.server}" at ${report.url}${info} as ${who}${scope}${expiry}. Tokens are kept in ${store.directory}.`;
}
