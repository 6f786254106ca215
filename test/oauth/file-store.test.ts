/** The per-user token store: where it lives on each OS, one 0600 file per server URL and client. */
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { fileOAuthStore, userConfigDirectory } from "../../runtime/src/connection/oauth/file-store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function folder(): string {
  const made = mkdtempSync(path.join(os.tmpdir(), "mcp-codegen-store-"));
  folders.push(made);
  return path.join(made, "oauth");
}

test("the per-user config folder of each platform", () => {
  const home = os.homedir();
  expect(userConfigDirectory({ XDG_CONFIG_HOME: "/xdg" }, "linux")).toBe("/xdg/mcp-codegen");
  expect(userConfigDirectory({ XDG_CONFIG_HOME: "relative" }, "linux")).toBe(path.join(home, ".config", "mcp-codegen"));
  expect(userConfigDirectory({}, "linux")).toBe(path.join(home, ".config", "mcp-codegen"));
  expect(userConfigDirectory({}, "darwin")).toBe(path.join(home, "Library", "Preferences", "mcp-codegen"));
  expect(userConfigDirectory({ APPDATA: "C:\\Users\\u\\AppData\\Roaming" }, "win32")).toBe(path.join("C:\\Users\\u\\AppData\\Roaming", "mcp-codegen", "Config"));
});

test("one private file per server URL and client; load, list, delete", async () => {
  const directory = folder();
  const store = fileOAuthStore(directory);
  const a = { server: "a", url: "https://one.example/mcp", client: "dynamic" };
  const b = { server: "b", url: "https://one.example/mcp", client: "pre-registered" };
  expect(await store.load(a)).toBeUndefined();
  await store.save(a, { tokens: { access_token: "A", token_type: "Bearer" }, expiresAt: 1 });
  await store.save(b, { scope: "read" });
  await store.save(a, { tokens: { access_token: "A2", token_type: "Bearer" } });
  expect(await store.load(a)).toEqual({ tokens: { access_token: "A2", token_type: "Bearer" } });
  expect(readdirSync(directory)).toHaveLength(2);
  expect(statSync(directory).mode & 0o777).toBe(0o700);
  for (const name of readdirSync(directory)) expect(statSync(path.join(directory, name)).mode & 0o777).toBe(0o600);
  expect((await store.list()).map((entry) => entry.key.client).sort()).toEqual(["dynamic", "pre-registered"]);
  await store.delete(a);
  expect(await store.load(a)).toBeUndefined();
  expect(await store.load(b)).toEqual({ scope: "read" });
});

test("an unreadable file counts as no login", async () => {
  const directory = folder();
  const store = fileOAuthStore(directory);
  const key = { server: "a", url: "https://one.example/mcp", client: "dynamic" };
  await store.save(key, { scope: "x" });
  writeFileSync(store.fileOf(key), "{ not json");
  expect(await store.load(key)).toBeUndefined();
});
