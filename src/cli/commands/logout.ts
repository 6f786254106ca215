/** `mcp-codegen logout [server...]`: forget the stored tokens of the named (default: every OAuth) server. */
import { logout, serversWithAuth } from "../../auth/login.js";
import { loadConfig } from "../../config/load.js";
import { EXIT_OK, failAndExit } from "../exit.js";
import type { LogoutCliOptions } from "./login.js";
import { userStore } from "./login.js";

export async function runLogout(names: string[], options: LogoutCliOptions): Promise<number> {
  try {
    const config = await loadConfig(options.config === undefined ? {} : { configPath: options.config });
    const store = userStore(config);
    for (const server of serversWithAuth(config, names, ["oauth", "client_credentials"])) {
      const report = await logout(config, server, store);
      process.stdout.write(report.found ? `Logged out of "${report.server}" (${report.url}).\n` : `"${report.server}" (${report.url}): not logged in.\n`);
    }
    return EXIT_OK;
  } catch (error) {
    failAndExit(error);
  }
}
