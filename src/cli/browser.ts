/** Opens a URL in the user's browser, best effort (a headless machine has none: the URL is printed too). */
import { spawn } from "node:child_process";

/** The command that hands a URL to the desktop, per platform. */
const OPENERS: Readonly<Partial<Record<NodeJS.Platform, { command: string; args: readonly string[] }>>> = {
  darwin: { command: "open", args: [] },
  win32: { command: "cmd", args: ["/c", "start", '""'] },
};
const DEFAULT_OPENER = { command: "xdg-open", args: [] };

export function openBrowser(url: string): void {
  const opener = OPENERS[process.platform] ?? DEFAULT_OPENER;
  try {
    const child = spawn(opener.command, [...opener.args, url], { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No browser: the printed URL is the way.
  }
}
