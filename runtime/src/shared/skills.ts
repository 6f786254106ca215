/**
 * Skills (the `io.modelcontextprotocol/skills` extension, SEP-2640) in the snapshot: which
 * listed entries are kept, the path of each file under its skill's folder, and the entry's
 * fingerprint. Pure and shared, so the generator and the runtime drift guard build the same
 * entries. Server text is data: a file whose path could leave the skill's folder refuses the
 * whole skill, so no path kept here can ever be joined outside a folder it is written to.
 */
import { canonicalize, compareCodeUnits, type Json } from "./canonical-json.js";
import { hashJson } from "./hash.js";
import type { JsonObject, SkillEntry, SkillFileEntry } from "./snapshot.js";

/** The extension's identifier in `capabilities.extensions`. */
export const SKILLS_EXTENSION = "io.modelcontextprotocol/skills";

/** The manifest file every skill has at its root. */
export const SKILL_MANIFEST = "SKILL.md";

/**
 * `SKILL.md` text is kept in the snapshot up to this size: it is what a host loads into the
 * model's context, so `audit` and reviewers of the snapshot diff should see it; a larger one
 * (rare: the spec advises short manifests) is pinned by digest only, like every other file.
 */
export const SKILL_BODY_MAX_BYTES = 64 * 1024;

/** A skill entry as the server listed it (the SDK's `Skill`). */
export interface ListedSkill {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: readonly { uri: string; size: number; digest: string }[] | "dynamic";
  _meta?: Record<string, unknown> | undefined;
}

/** What capture read of a skill's `SKILL.md`: its digest and size, and its body when small. */
export interface ManifestRead {
  size: number;
  digest: string;
  body?: string;
}

/** Whether the server's capabilities declare the extension. */
export function declaresSkills(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.["extensions"];
  if (typeof extensions !== "object" || extensions === null) return false;
  return Object.hasOwn(extensions, SKILLS_EXTENSION) && typeof (extensions as Record<string, unknown>)[SKILLS_EXTENSION] === "object";
}

/** The folder URI of a skill (its `SKILL.md` URI without the file name, with the `/`), or undefined. */
export function skillRootOf(manifestUri: string): string | undefined {
  if (!manifestUri.endsWith(`/${SKILL_MANIFEST}`) || /[?#]/.test(manifestUri)) return undefined;
  return manifestUri.slice(0, -SKILL_MANIFEST.length);
}

/** Characters no path segment may hold: separators, and controls (NUL and the C0/C1 ranges). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_SEGMENT = /[/\\\u0000-\u001f\u007f-\u009f]/;

/**
 * The path of `fileUri` under `root`, percent-decoded, or a reason it has none: not under the
 * folder, a query or fragment, an empty, `.` or `..` segment (also percent-encoded), a
 * separator or control character inside a segment, a drive letter.
 */
export function skillFilePath(root: string, fileUri: string): { path: string } | { problem: string } {
  if (!fileUri.startsWith(root)) return { problem: "is not inside the skill's folder" };
  const rest = fileUri.slice(root.length);
  if (/[?#]/.test(rest)) return { problem: "has a query or fragment" };
  const segments: string[] = [];
  for (const raw of rest.split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { problem: "has an invalid percent-encoding" };
    }
    if (segment === "" || segment === "." || segment === "..") return { problem: "has an empty, '.' or '..' path segment" };
    if (FORBIDDEN_IN_SEGMENT.test(segment)) return { problem: "has a separator or control character inside a path segment" };
    if (segments.length === 0 && /^[A-Za-z]:/.test(segment)) return { problem: "starts with a drive letter" };
    segments.push(segment);
  }
  return { path: segments.join("/") };
}

/**
 * A listed skill as the snapshot keeps it, or the reason it cannot be kept. `manifest` is what
 * capture read of its `SKILL.md` (for a `"dynamic"` skill, the only file it can pin).
 */
export function buildSkillEntry(skill: ListedSkill, manifest: ManifestRead | undefined): { entry: SkillEntry } | { problem: string } {
  const root = skillRootOf(skill.uri);
  if (root === undefined) return { problem: `its URI does not name a ${SKILL_MANIFEST}` };
  const { name, description } = skill.frontmatter;
  if (typeof name !== "string" || typeof description !== "string") return { problem: "its frontmatter has no string name and description" };
  const files: SkillFileEntry[] = [];
  const seen = new Set<string>();
  const listed = skill.resources === "dynamic" ? [] : skill.resources;
  for (const resource of listed) {
    const located = skillFilePath(root, resource.uri);
    if ("problem" in located) return { problem: `file ${JSON.stringify(resource.uri)} ${located.problem}` };
    if (seen.has(located.path)) return { problem: `file ${JSON.stringify(located.path)} is listed more than once` };
    seen.add(located.path);
    files.push({ path: located.path, uri: resource.uri, size: resource.size, digest: resource.digest });
  }
  if (skill.resources === "dynamic") {
    if (manifest === undefined) return { problem: `its ${SKILL_MANIFEST} could not be read` };
    files.push({ path: SKILL_MANIFEST, uri: skill.uri, size: manifest.size, digest: manifest.digest });
  } else if (!seen.has(SKILL_MANIFEST)) {
    return { problem: `its file list has no ${SKILL_MANIFEST}` };
  }
  files.sort((a, b) => compareCodeUnits(a.path, b.path));
  const body: Omit<SkillEntry, "hash"> = {
    uri: skill.uri,
    name,
    description,
    frontmatter: canonicalize(skill.frontmatter) as JsonObject,
    files,
    ...(skill.resources === "dynamic" ? { dynamic: true as const } : {}),
    ...(manifest?.body === undefined ? {} : { body: manifest.body }),
    ...(skill._meta === undefined ? {} : { _meta: canonicalize(skill._meta) as JsonObject }),
  };
  const canonical = canonicalize(body as unknown as Json) as unknown as Omit<SkillEntry, "hash">;
  return { entry: { ...canonical, hash: hashJson(canonical) } };
}

/** Skill entries in snapshot order (by URI, code units). */
export function sortSkills(entries: SkillEntry[]): SkillEntry[] {
  return entries.sort((a, b) => compareCodeUnits(a.uri, b.uri));
}
