/**
 * Reading an editor's MCP config: JSON with comments and trailing commas (VS Code writes
 * them), servers under `mcpServers` (Claude Desktop, Claude Code, Cursor, Windsurf),
 * `servers` (VS Code's mcp.json) or `mcp.servers` (VS Code settings).
 */
import { readFile } from "node:fs/promises";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
import { CodegenError } from "@mcp-codegen/runtime/internal";
import { isRecord } from "../config/compat.js";

export interface EditorConfig {
  file: string;
  servers: Record<string, Record<string, unknown>>;
}

export async function readEditorConfig(file: string): Promise<EditorConfig> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new CodegenError("input", `cannot read (${(error as NodeJS.ErrnoException).code ?? "error"})`, { subject: file });
  }
  const errors: ParseError[] = [];
  const data: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    // Only the position: the text around it may be a secret.
    throw new CodegenError("input", `not valid JSON: ${printParseErrorCode(first.error)} at offset ${first.offset}`, { subject: file });
  }
  const servers = serversOf(data);
  if (!servers) throw new CodegenError("input", "no mcpServers or servers object: not an MCP config", { subject: file });
  const entries = Object.entries(servers).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]));
  return { file, servers: Object.fromEntries(entries) };
}

function serversOf(data: unknown): Record<string, unknown> | undefined {
  if (!isRecord(data)) return undefined;
  if (isRecord(data["mcpServers"])) return data["mcpServers"];
  if (isRecord(data["servers"])) return data["servers"];
  const mcp = data["mcp"];
  if (isRecord(mcp) && isRecord(mcp["servers"])) return mcp["servers"];
  return undefined;
}
