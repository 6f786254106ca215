/**
 * `login` opens the browser with the `open` package: the authorization URL reaches the
 * platform's opener as one argument, whatever it contains (`&`, quotes, `;`), never through a
 * shell. On Linux the opener is xdg-open, which hands the URL to `$BROWSER`: here a script that
 * writes down the arguments it was given.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { openBrowser } from "../../src/cli/browser.js";

const folders: string[] = [];
const saved = { BROWSER: process.env["BROWSER"], BROWSER_LOG: process.env["BROWSER_LOG"] };
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

test.runIf(process.platform === "linux")("a URL with &, quotes and ; arrives whole, as one argument", async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-browser-"));
  folders.push(folder);
  const browser = path.join(folder, "browser.sh");
  const log = path.join(folder, "arguments");
  writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$#" "$@" > "$BROWSER_LOG"\n`);
  chmodSync(browser, 0o755);
  process.env["BROWSER"] = browser;
  process.env["BROWSER_LOG"] = log;
  const url = `http://127.0.0.1:9/authorize?client_id=a&state=b"c';touch ${path.join(folder, "pwned")}&redirect_uri=x`;
  await openBrowser(url);
  for (let waited = 0; !existsSync(log) && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(readFileSync(log, "utf8")).toBe(`1\n${url}\n`);
  expect(existsSync(path.join(folder, "pwned"))).toBe(false);
});
