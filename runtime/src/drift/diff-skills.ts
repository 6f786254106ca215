/**
 * Differences between two servers' skills (SEP-2640), by `SKILL.md` URI: skills and files
 * removed or added, files whose digest (their bytes) or URI changed, frontmatter fields changed.
 * `name` and `description` are read from the frontmatter, so each change is reported once; the
 * `SKILL.md` body changes only with its digest, reported on the file.
 */
import { compareCodeUnits, type Json } from "../shared/canonical-json.js";
import type { ServerSnapshot, SkillEntry, SkillFileEntry } from "../shared/snapshot.js";
import { makeChange, type Finding } from "./change.js";
import { sameJson, unionKeys } from "./diff-entity.js";
import type { Change } from "./types.js";
import { pushAll } from "../shared/lists.js";
import { pointerToken } from "../shared/json-pointer.js";

export function diffSkills(server: string, before: ServerSnapshot, after: ServerSnapshot): Change[] {
  // A server without the extension on one side: its capability change is reported as such, and
  // every skill the other side has is removed or added.
  const old = byUri(before.skills ?? []);
  const current = byUri(after.skills ?? []);
  const changes: Change[] = [];
  const uris = [...new Set([...old.keys(), ...current.keys()])].sort(compareCodeUnits);
  for (const uri of uris) {
    const was = old.get(uri);
    const is = current.get(uri);
    const findings = !was ? [{ ruleId: "skill-added" as const }] : !is ? [{ ruleId: "skill-removed" as const }] : was.hash === is.hash ? [] : diffSkill(was, is);
    for (const finding of findings) changes.push(makeChange(server, { kind: "skill", name: uri }, finding));
  }
  return changes;
}

function diffSkill(before: SkillEntry, after: SkillEntry): Finding[] {
  const findings: Finding[] = [];
  for (const key of unionKeys(before.frontmatter, after.frontmatter)) {
    const [was, is] = [before.frontmatter[key], after.frontmatter[key]];
    if (!sameJson(was, is)) findings.push(withValues({ ruleId: "skill-frontmatter-changed", pointer: `/frontmatter/${pointerToken(key)}`, subject: key }, was, is));
  }
  if (Boolean(before.dynamic) !== Boolean(after.dynamic)) {
    findings.push({ ruleId: "skill-file-list-changed", pointer: "/dynamic", beforeText: listing(before), afterText: listing(after) });
  }
  pushAll(findings, diffFiles(before.files, after.files));
  if (!sameJson(before._meta, after._meta)) findings.push(withValues({ ruleId: "meta-changed", pointer: "/_meta" }, before._meta, after._meta));
  return findings;
}

function diffFiles(before: readonly SkillFileEntry[], after: readonly SkillFileEntry[]): Finding[] {
  const old = new Map(before.map((file) => [file.path, file]));
  const current = new Map(after.map((file) => [file.path, file]));
  const findings: Finding[] = [];
  for (const path of [...new Set([...old.keys(), ...current.keys()])].sort(compareCodeUnits)) {
    const [was, is] = [old.get(path), current.get(path)];
    const pointer = `/files/${pointerToken(path)}`;
    if (!was) findings.push({ ruleId: "skill-file-added", pointer, subject: path });
    else if (!is) findings.push({ ruleId: "skill-file-removed", pointer, subject: path });
    else {
      if (was.digest !== is.digest) findings.push({ ruleId: "skill-file-changed", pointer, subject: path, before: was.digest, after: is.digest, beforeText: was.digest, afterText: is.digest });
      if (was.uri !== is.uri) findings.push({ ruleId: "skill-file-uri-changed", pointer, subject: path, before: was.uri, after: is.uri });
    }
  }
  return findings;
}

function listing(skill: SkillEntry): string {
  return skill.dynamic ? "dynamic (only SKILL.md pinned)" : "listed";
}

function byUri(skills: readonly SkillEntry[]): Map<string, SkillEntry> {
  return new Map(skills.map((skill) => [skill.uri, skill]));
}

function withValues(finding: Finding, before: Json | undefined, after: Json | undefined): Finding {
  return { ...finding, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}
