/** The editor MCP configs that exist for this project and user. */
import { existsSync } from "node:fs";
import os from "node:os";
import { EDITOR_NAMES, SEARCH_PLACES, type EditorId } from "./locations.js";
import { readEditorConfig } from "./read.js";

export interface FoundConfig {
  editor: EditorId;
  /** "Cursor (project)" */
  label: string;
  file: string;
  /** Server names in it; empty when it could not be read. */
  servers: string[];
  /** Why it could not be read. */
  problem?: string;
}

export interface DiscoverOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
}

export interface Discovery {
  found: FoundConfig[];
  /** Every file looked at, for "nothing found" messages. */
  searched: string[];
}

export async function discoverEditorConfigs(options: DiscoverOptions): Promise<Discovery> {
  const env = options.env ?? process.env;
  const where = { cwd: options.cwd, home: env["HOME"] ?? env["USERPROFILE"] ?? os.homedir(), platform: options.platform ?? process.platform, appData: env["APPDATA"] };
  const found: FoundConfig[] = [];
  const searched: string[] = [];
  for (const place of SEARCH_PLACES) {
    const file = place.file(where);
    if (file === undefined || searched.includes(file)) continue;
    searched.push(file);
    if (!existsSync(file)) continue;
    const label = `${EDITOR_NAMES[place.editor]} (${place.scope})`;
    try {
      const config = await readEditorConfig(file);
      found.push({ editor: place.editor, label, file, servers: Object.keys(config.servers) });
    } catch (error) {
      found.push({ editor: place.editor, label, file, servers: [], problem: (error as Error).message });
    }
  }
  return { found, searched };
}
