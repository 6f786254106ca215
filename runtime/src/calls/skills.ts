/**
 * Typed, verified access to a server's skills (SEP-2640) from generated clients. Every file is
 * checked against the digest and size in the **snapshot** the client was generated from, not
 * the server's current listing: a skill that changed since it was reviewed is a `SkillDriftError`
 * naming skill, file and both digests, and its content is not returned. This holds whatever the
 * drift guard policy: reading a skill is loading instructions into a model.
 */
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { sha256Digest } from "../shared/hash.js";
import { SKILL_MANIFEST } from "../shared/skills.js";
import type { SkillEntry, SkillFileEntry } from "../shared/snapshot.js";
import { McpRuntimeError, SkillDriftError } from "../shared/errors.js";
import type { CallOptions, ResourceContent } from "../shared/types.js";
import type { Change } from "../drift/types.js";
import type { GeneratedSnapshot } from "./drift-guard.js";
import { readTypedResource } from "./resources.js";
import type { Runtime } from "./runtime-api.js";
import type { Session } from "./session.js";
import { pointerToken } from "../shared/json-pointer.js";

/** What a generated module lists of a skill (`export const skills`). */
export interface SkillDescriptor {
  /** The skill's name (`frontmatter.name`). */
  readonly name: string;
  /** URI of its `SKILL.md`. */
  readonly uri: string;
  /** Paths of its files under the skill's folder, as captured. */
  readonly files: readonly string[];
  readonly fingerprint: string;
}

/** One skill file, verified against the snapshot. */
export interface SkillFile<P extends string = string> {
  readonly path: P;
  readonly uri: string;
  /** Exactly the bytes the digest covers. */
  readonly bytes: Uint8Array;
  /** The content as text, when the server sent text. */
  readonly text?: string;
  readonly mimeType?: string;
  readonly size: number;
  /** `sha256:…`, equal to the snapshot's. */
  readonly digest: string;
}

/** A skill of a generated client: `read` only accepts the skill's captured paths. */
export interface SkillAccessor<P extends string = string> {
  readonly name: string;
  readonly uri: string;
  readonly files: readonly P[];
  /** One file (default `SKILL.md`), verified against the snapshot's digest and size. */
  read(path?: P, options?: CallOptions): Promise<SkillFile<P>>;
  /**
   * Every file, verified, written under `directory` (created if needed) at its path: for
   * frameworks that load skills from disk. All files are read and verified before the first is
   * written, and each is written whole (temporary file, then rename), so a failure leaves no file
   * half-written. Returns the absolute paths written.
   */
  writeTo(directory: string, options?: CallOptions): Promise<string[]>;
}

export function skillAccessor<P extends string>(
  target: Runtime | Session,
  server: string,
  skill: SkillDescriptor & { readonly files: readonly P[] },
  loadSnapshot: () => Promise<GeneratedSnapshot>,
): SkillAccessor<P> {
  const entry = async (): Promise<SkillEntry> => {
    const found = (await loadSnapshot()).server.skills?.find((candidate) => candidate.uri === skill.uri);
    if (!found) throw new McpRuntimeError(server, "is not in the snapshot this client was generated from: regenerate it", { tool: skill.name, about: "skill" });
    return found;
  };
  const read = async (file: P | undefined, options?: CallOptions): Promise<SkillFile<P>> => {
    const pinned = fileOf(server, await entry(), file ?? SKILL_MANIFEST);
    return readVerified(target, server, skill, pinned, options) as Promise<SkillFile<P>>;
  };
  return {
    name: skill.name,
    uri: skill.uri,
    files: skill.files,
    read,
    writeTo: async (directory, options) => {
      const files = (await entry()).files;
      // Every target is checked before anything is sent or written.
      const targets = targetPaths(server, skill.name, directory, files);
      const verified: SkillFile[] = [];
      // One at a time: a skill may hold many files, and a failure should stop early.
      for (const file of files) verified.push(await readVerified(target, server, skill, file, options));
      return writeSkillFiles(verified, targets);
    },
  };
}

function fileOf(server: string, entry: SkillEntry, file: string): SkillFileEntry {
  const pinned = entry.files.find((candidate) => candidate.path === file);
  if (pinned) return pinned;
  const listed = entry.files.map((candidate) => JSON.stringify(candidate.path)).join(", ");
  throw new McpRuntimeError(server, `${JSON.stringify(file)} is not a file of this skill (its files: ${listed})`, { tool: entry.name, about: "skill" });
}

async function readVerified(target: Runtime | Session, server: string, skill: SkillDescriptor, file: SkillFileEntry, options: CallOptions | undefined): Promise<SkillFile> {
  const contents = await readTypedResource(target, server, file.uri, options);
  const content = contents.find((item) => item.uri === file.uri) ?? (contents.length === 1 ? contents[0] : undefined);
  if (!content) throw new McpRuntimeError(server, `the server returned no content for ${JSON.stringify(file.path)} (${file.uri})`, { tool: skill.name, about: "skill" });
  const bytes = bytesOf(content);
  const digest = sha256Digest(bytes);
  if (digest !== file.digest || bytes.byteLength !== file.size) throw driftError(server, skill, file, digest, bytes.byteLength);
  return {
    path: file.path,
    uri: file.uri,
    bytes,
    ...(content.text === undefined ? {} : { text: content.text }),
    ...(content.mimeType === undefined ? {} : { mimeType: content.mimeType }),
    size: bytes.byteLength,
    digest,
  };
}

function bytesOf(content: ResourceContent): Uint8Array {
  if (content.text !== undefined) return new TextEncoder().encode(content.text);
  return content.bytes ?? new Uint8Array();
}

function driftError(server: string, skill: SkillDescriptor, file: SkillFileEntry, digest: string, size: number): SkillDriftError {
  const sizes = size === file.size ? "" : ` (${size} bytes, the snapshot has ${file.size})`;
  const change: Change & { before: string; after: string } = {
    ruleId: "skill-file-changed",
    level: "dangerous",
    server,
    entity: { kind: "skill", name: skill.uri },
    pointer: `/files/${pointerToken(file.path)}`,
    message: `Skill file ${JSON.stringify(file.path)} differs from the snapshot: the server sent digest ${digest}${sizes}, the snapshot has ${file.digest}; review the change and regenerate`,
    before: file.digest,
    after: digest,
  };
  return new SkillDriftError(server, skill.name, file.path, change);
}

/**
 * Where each file goes under `directory`: joined segment by segment, and it must resolve inside
 * the folder. The snapshot's paths are already refused when they could leave it
 * (shared/skills.ts); this holds for a snapshot edited by hand too.
 */
function targetPaths(server: string, skill: string, directory: string, files: readonly SkillFileEntry[]): string[] {
  const root = path.resolve(directory);
  return files.map((file) => {
    const segments = file.path.split("/");
    const target = path.resolve(root, ...segments);
    const relative = path.relative(root, target);
    const unsafe = segments.some((segment) => segment === "" || segment === "." || segment === ".." || segment.includes("\\"));
    if (unsafe || relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) {
      throw new McpRuntimeError(server, `file path ${JSON.stringify(file.path)} would leave ${root}: nothing written`, { tool: skill, about: "skill" });
    }
    return target;
  });
}

/** Writes each verified file whole: a temporary file beside it, renamed into place. */
async function writeSkillFiles(files: readonly SkillFile[], targets: readonly string[]): Promise<string[]> {
  const written: string[] = [];
  for (const [index, file] of files.entries()) {
    const target = targets[index] as string;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, file.bytes);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    written.push(target);
  }
  return written;
}
