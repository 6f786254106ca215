/**
 * A token store in files: one JSON file per server URL and client, in the user's config
 * directory (never a project folder), folder mode 0700, files 0600, written atomically.
 * `mcp-codegen login` writes here; `fileOAuthStore()` lets an application use those logins.
 * A flow holds a lock file beside the record (proper-lockfile) while it refreshes or rotates
 * tokens, so two processes sharing a login never redeem one refresh token twice.
 */
import { createHash, randomBytes } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { OAuthRecord, OAuthStore, OAuthStoreKey } from "./types.js";

/** A stored file: the key it belongs to, and the record. */
export interface StoredOAuthEntry {
  key: OAuthStoreKey;
  record: OAuthRecord;
  file: string;
}

export interface FileOAuthStore extends OAuthStore {
  readonly directory: string;
  /** The file that holds (or would hold) `key`'s record. */
  fileOf(key: OAuthStoreKey): string;
  list(): Promise<StoredOAuthEntry[]>;
}

/** The per-user config directory of mcp-codegen, as env-paths places it on each OS. */
export function userConfigDirectory(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  const home = os.homedir();
  if (platform === "win32") return path.join(env["APPDATA"] ?? path.join(home, "AppData", "Roaming"), "mcp-codegen", "Config");
  if (platform === "darwin") return path.join(home, "Library", "Preferences", "mcp-codegen");
  const xdg = env["XDG_CONFIG_HOME"];
  return path.join(xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, ".config"), "mcp-codegen");
}

export function defaultOAuthDirectory(env?: NodeJS.ProcessEnv): string {
  return path.join(userConfigDirectory(env), "oauth");
}

export function fileOAuthStore(directory: string = defaultOAuthDirectory()): FileOAuthStore {
  const fileOf = (key: OAuthStoreKey) => path.join(directory, `${createHash("sha256").update(`${key.url}\n${key.client}`).digest("hex").slice(0, 32)}.json`);
  return {
    directory,
    fileOf,
    load: async (key) => (await readEntry(fileOf(key)))?.record,
    save: async (key, record) => {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      const file = fileOf(key);
      const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, `${JSON.stringify({ key, record }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
      await chmod(temporary, 0o600);
      await rename(temporary, file);
    },
    delete: async (key) => {
      await rm(fileOf(key), { force: true });
    },
    lock: async (key) => {
      await mkdir(directory, { recursive: true, mode: 0o700 });
      // Loaded on first use: most runtimes never refresh a token from a file store.
      const { default: lockfile } = await import("proper-lockfile");
      return lockfile.lock(fileOf(key), LOCK_OPTIONS);
    },
    list: async () => {
      const names = await readdir(directory).catch(() => [] as string[]);
      const entries = await Promise.all(names.filter((name) => name.endsWith(".json")).map((name) => readEntry(path.join(directory, name))));
      return entries.filter((entry): entry is StoredOAuthEntry => entry !== undefined);
    },
  };
}

/**
 * The record file need not exist yet (`realpath: false`). A holder refreshes the lock's mtime
 * while it lives; a lock left by a crashed process is taken over after `stale`. A waiter tries
 * for about five minutes: an interactive login in another process may take that long.
 */
const LOCK_OPTIONS = {
  realpath: false,
  stale: 15_000,
  update: 5_000,
  retries: { retries: 330, factor: 1.2, minTimeout: 25, maxTimeout: 1_000 },
  // A lock found compromised (its file removed under us) ends nothing: the flow in progress finishes.
  onCompromised: () => undefined,
} as const;

/** A missing or unreadable file is no login. */
async function readEntry(file: string): Promise<StoredOAuthEntry | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as { key?: OAuthStoreKey; record?: OAuthRecord };
    if (typeof parsed.key?.url !== "string" || typeof parsed.record !== "object" || parsed.record === null) return undefined;
    return { key: parsed.key, record: parsed.record, file };
  } catch {
    return undefined;
  }
}
