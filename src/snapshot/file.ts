/** Reading and validating the snapshot file (`--offline`, `check`, `diff`). */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { canonicalFileText, CodegenError, SNAPSHOT_FORMAT, type Snapshot } from "@mcp-codegen/runtime/internal";

export function snapshotText(snapshot: Snapshot): string {
  return canonicalFileText(snapshot);
}

/** What to do about a missing snapshot file, by who asked for it. */
const MISSING_ADVICE = {
  project: "not found (run `mcp-codegen generate` online first)",
  argument: "file not found (`diff` compares two existing snapshot files: check the path)",
} as const;

export async function readSnapshot(file: string, role: keyof typeof MISSING_ADVICE = "project"): Promise<Snapshot> {
  return parseSnapshot((await readSnapshotBytes(file, role)).toString("utf8"), path.basename(file));
}

/** The snapshot, and the SHA-256 (hex) of the file's bytes (the plan memo's key). */
export async function readSnapshotFile(file: string, role: keyof typeof MISSING_ADVICE = "project"): Promise<{ snapshot: Snapshot; fileHash: string }> {
  const bytes = await readSnapshotBytes(file, role);
  return { snapshot: parseSnapshot(bytes.toString("utf8"), path.basename(file)), fileHash: createHash("sha256").update(bytes).digest("hex") };
}

async function readSnapshotBytes(file: string, role: keyof typeof MISSING_ADVICE): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? MISSING_ADVICE[role] : `cannot read (${code})`;
    throw new CodegenError("input", `snapshot ${why}`, { subject: file });
  }
}

/** The snapshot a file's text holds; `subject` names the file in errors. */
export function parseSnapshot(text: string, subject: string): Snapshot {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CodegenError("input", `snapshot is not valid JSON: ${(error as Error).message}`, { subject });
  }
  return validateSnapshot(parsed, subject);
}

function validateSnapshot(value: unknown, subject: string): Snapshot {
  const candidate = value as Partial<Snapshot> | null;
  if (!candidate || typeof candidate !== "object" || candidate.format !== SNAPSHOT_FORMAT) {
    throw new CodegenError("input", `not a snapshot of format ${SNAPSHOT_FORMAT}`, { subject: `${subject}#/format` });
  }
  if (!candidate.servers || typeof candidate.servers !== "object") {
    throw new CodegenError("input", "missing servers", { subject: `${subject}#/servers` });
  }
  for (const [name, server] of Object.entries(candidate.servers)) {
    for (const kind of ["tools", "resources", "resourceTemplates", "prompts"] as const) {
      if (!Array.isArray(server?.[kind])) {
        throw new CodegenError("input", `expected an array`, { subject: `${subject}#/servers/${name}/${kind}` });
      }
    }
    // Skills are optional (only servers that declare the extension), but an array when present.
    if (server?.skills !== undefined && !Array.isArray(server.skills)) {
      throw new CodegenError("input", `expected an array`, { subject: `${subject}#/servers/${name}/skills` });
    }
  }
  return candidate as Snapshot;
}
