/**
 * Where editors keep their MCP server lists: in the project, and per user for each OS.
 * Data only; discover.ts looks at them.
 */
import path from "node:path";

export type EditorId = "claude-desktop" | "claude-code" | "cursor" | "vscode" | "windsurf";

export const EDITOR_NAMES: Readonly<Record<EditorId, string>> = {
  "claude-desktop": "Claude Desktop",
  "claude-code": "Claude Code",
  cursor: "Cursor",
  vscode: "VS Code",
  windsurf: "Windsurf",
};

export interface SearchPlace {
  editor: EditorId;
  scope: "project" | "user";
  /** The file, or undefined when this OS has none. */
  file: (where: { cwd: string; home: string; platform: NodeJS.Platform; appData: string | undefined }) => string | undefined;
}

export const SEARCH_PLACES: readonly SearchPlace[] = [
  { editor: "claude-code", scope: "project", file: ({ cwd }) => path.join(cwd, ".mcp.json") },
  { editor: "cursor", scope: "project", file: ({ cwd }) => path.join(cwd, ".cursor", "mcp.json") },
  { editor: "vscode", scope: "project", file: ({ cwd }) => path.join(cwd, ".vscode", "mcp.json") },
  {
    editor: "claude-desktop",
    scope: "user",
    file: ({ home, platform, appData }) => {
      if (platform === "darwin") return path.join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json");
      if (platform === "win32") return appData === undefined ? undefined : path.join(appData, "Claude", "claude_desktop_config.json");
      return path.join(home, ".config", "Claude", "claude_desktop_config.json");
    },
  },
  { editor: "cursor", scope: "user", file: ({ home }) => path.join(home, ".cursor", "mcp.json") },
  { editor: "windsurf", scope: "user", file: ({ home }) => path.join(home, ".codeium", "windsurf", "mcp_config.json") },
];
