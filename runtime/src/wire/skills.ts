/**
 * Listing a server's skills through the SDK's Skills client (`@modelcontextprotocol/client/ext/skills`,
 * SEP-2640), as the snapshot keeps them. Used by `generate` / `check` (capture) and by the runtime
 * drift guard's `verify()`, so both build the same entries. The SDK checks each entry (schema,
 * digests' form, repeated URIs) and verifies every `SKILL.md` it reads against its entry (size,
 * digest, frontmatter); `shared/skills.ts` then refuses paths that could leave a skill's folder.
 */
import type { Client, RequestOptions } from "@modelcontextprotocol/client";
import type { Skill } from "@modelcontextprotocol/client/ext/skills";
import { buildSkillEntry, declaresSkills, SKILL_BODY_MAX_BYTES, type ManifestRead } from "../shared/skills.js";
import type { SkillEntry } from "../shared/snapshot.js";
import { errorMessage } from "../shared/errors.js";
import { sha256Digest } from "../shared/hash.js";
import { loadSkillsSdk } from "./sdk.js";

/** A listed skill left out of the snapshot, and why (one line, server text quoted). */
export interface RefusedSkill {
  uri: string;
  reason: string;
}

export interface ListedSkills {
  entries: SkillEntry[];
  refused: RefusedSkill[];
}

/** `SKILL.md` reads at a time: a catalog of hundreds of skills must not open hundreds of requests at once. */
const MANIFEST_READS_AT_ONCE = 4;

/**
 * Every skill the server lists, as snapshot entries, with the ones refused; `undefined` when the
 * server does not declare the extension (nothing is sent). Each `SKILL.md` is read once and
 * verified, for its body and, for a `"dynamic"` skill, its digest.
 */
export async function listSkillEntries(client: Client, options?: RequestOptions): Promise<ListedSkills | undefined> {
  if (!declaresSkills(client.getServerCapabilities() as Record<string, unknown> | undefined)) return undefined;
  const { SkillsClient } = await loadSkillsSdk();
  const skills = new SkillsClient(client, { skipInvalid: true });
  const listing = await skills.list({}, options);
  const refused: RefusedSkill[] = listing.invalid.map((entry) => ({ uri: entry.uri ?? `#${entry.index}`, reason: entry.reason }));
  const manifests = await mapLimited(listing.skills, MANIFEST_READS_AT_ONCE, (skill) => readManifest(skills, skill, options));
  const entries: SkillEntry[] = [];
  listing.skills.forEach((skill, index) => {
    const manifest = manifests[index];
    if (manifest === undefined || "problem" in manifest) {
      refused.push({ uri: skill.uri, reason: manifest?.problem ?? "not read" });
      return;
    }
    const built = buildSkillEntry(skill, manifest);
    if ("problem" in built) refused.push({ uri: skill.uri, reason: built.problem });
    else entries.push(built.entry);
  });
  return { entries, refused: distinct(refused) };
}

type Reader = InstanceType<Awaited<ReturnType<typeof loadSkillsSdk>>["SkillsClient"]>;

/** The skill's `SKILL.md`, read and verified by the SDK; a failed verification refuses the skill. */
async function readManifest(skills: Reader, skill: Skill, options: RequestOptions | undefined): Promise<ManifestRead | { problem: string }> {
  try {
    const file = await skills.read(skill, undefined, options);
    const size = file.bytes.byteLength;
    return { size, digest: sha256Digest(file.bytes), ...(size <= SKILL_BODY_MAX_BYTES && file.body !== undefined ? { body: file.body } : {}) };
  } catch (error) {
    if ((error as { name?: unknown }).name !== "SkillVerificationError") throw error;
    return { problem: `its SKILL.md fails verification: ${errorMessage(error)}` };
  }
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** Each refusal once: every copy of a URI listed twice is refused with the same reason. */
function distinct(refused: readonly RefusedSkill[]): RefusedSkill[] {
  const seen = new Set<string>();
  return refused.filter((entry) => {
    const key = `${entry.uri}\u0000${entry.reason}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
