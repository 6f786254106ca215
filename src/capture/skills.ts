/**
 * Capture of a server's skills (the `io.modelcontextprotocol/skills` extension, SEP-2640): listed
 * through the SDK's Skills client only when the server declares the extension, so a server
 * without it is sent nothing more. Skills count toward the listing's size cap.
 */
import type { Client } from "@modelcontextprotocol/client";
import { CodegenError, errorMessage } from "@mcp-codegen/runtime/internal";
import { listSkillEntries, McpRuntimeError, type ListedSkills } from "@mcp-codegen/runtime/internal/connect";
import { UNBOUNDED } from "./connect.js";
import type { ListingBudget } from "./limits.js";

export async function captureSkills(client: Client, subject: string, budget: ListingBudget): Promise<ListedSkills | undefined> {
  let listed: ListedSkills | undefined;
  try {
    listed = await listSkillEntries(client, UNBOUNDED);
  } catch (error) {
    if (error instanceof CodegenError || error instanceof McpRuntimeError) throw error;
    throw new CodegenError("server", `cannot capture its skills: ${errorMessage(error)}`, { subject, cause: error });
  }
  if (listed !== undefined) budget.add(listed.entries);
  return listed;
}
