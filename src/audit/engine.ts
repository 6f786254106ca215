/**
 * The audit engine: every rule over every text source of a snapshot → findings, with the
 * config's re-levelling and acknowledgements applied. Pure: no I/O, no clock.
 */
import { hashText, pushAll, type Snapshot } from "@mcp-codegen/runtime/internal";
import { AUDIT_RULES } from "./rules.js";
import { textSources } from "./sources.js";
import { showInvisible } from "./unicode.js";
import type { AuditContext, AuditLevel, AuditRule, AuditSummary, Finding, RuleMatch, TextSource } from "./types.js";

/** `audit.allow`: one reviewed finding, bound to the text it was found in. */
export interface AuditAllow {
  server: string;
  /** The entity's name (tool, prompt, resource URI, template); absent for the server's instructions. */
  tool?: string | undefined;
  rule: string;
  /** The finding's `textHash`: the acknowledgement lapses when the text changes. */
  hash: string;
  reason: string;
}

export interface AuditOptions {
  /** Re-level a rule, or turn it off. */
  rules?: Readonly<Record<string, AuditLevel | "off">>;
  allow?: readonly AuditAllow[];
  /** Tools the config keeps (`include` / `exclude`): the others never reach a model and are not audited. */
  keepTool?: (server: string, tool: string) => boolean;
}

export interface AuditRun {
  findings: Finding[];
  summary: AuditSummary;
  strings: number;
}

/**
 * Where hidden characters are stripped from model-facing text: prose only. Names, property names,
 * URIs and enum / default values go on the wire, so they keep every character (and their
 * findings stay to be reviewed).
 */
const STRIPPABLE: ReadonlySet<TextSource["role"]> = new Set(["title", "description", "instructions", "parameter-description", "annotation"]);

/** What a rule that matched nothing adds: one list for every such call. */
const NO_FINDINGS: readonly Finding[] = Object.freeze([]);

/** Characters of context shown on each side of a match in an excerpt. */
const EXCERPT_CONTEXT = 24;
const EXCERPT_MAX = 160;

export function runAudit(snapshot: Snapshot, options: AuditOptions = {}): AuditRun {
  const keep = options.keepTool ?? (() => true);
  const sources = textSources(snapshot).filter((source) => source.kind !== "tool" || keep(source.server, source.name));
  const context = auditContext(snapshot, keep);
  const rules = activeRules(options);
  const allow = options.allow ?? [];
  const findings: Finding[] = [];
  // Indexed loops: this runs ~15 times per string (170,000 calls at 1,000 tools), and a `for…of`
  // allocates a result object per step until V8 optimizes the function, which a run this short
  // seldom lets it do. A rule that matches nothing allocates nothing (NO_MATCHES, rules.ts).
  for (let at = 0; at < sources.length; at++) {
    const source = sources[at]!;
    for (let index = 0; index < rules.length; index++) {
      const { rule, level } = rules[index]!;
      const found = ruleFindings(rule, level, source, context, allow);
      if (found.length > 0) pushAll(findings, found);
    }
  }
  return { findings, summary: summarize(findings), strings: sources.length };
}

function activeRules(options: AuditOptions): { rule: AuditRule; level: AuditLevel }[] {
  return AUDIT_RULES.flatMap((rule) => {
    const setting = options.rules?.[rule.id] ?? rule.level;
    return setting === "off" ? [] : [{ rule, level: setting }];
  });
}

/**
 * The findings of one rule in one string. The matches are turned into findings apart
 * (`findingsOf`): its closure would make every call here allocate a context, matched or not.
 */
function ruleFindings(rule: AuditRule, level: AuditLevel, source: TextSource, context: AuditContext, allow: readonly AuditAllow[]): readonly Finding[] {
  const matches = rule.match(source, context);
  return matches.length === 0 ? NO_FINDINGS : findingsOf(rule, level, source, matches, allow);
}

function findingsOf(rule: AuditRule, level: AuditLevel, source: TextSource, matches: readonly RuleMatch[], allow: readonly AuditAllow[]): Finding[] {
  const textHash = hashText(source.text);
  const allowed = allow.find((entry) => entry.rule === rule.id && entry.server === source.server && entry.hash === textHash && (entry.tool ?? source.name) === source.name && (entry.tool !== undefined || source.kind === "server"));
  const out: Finding[] = [];
  for (const match of mergeOverlapping(matches)) {
    const matched = source.text.slice(match.start, match.end);
    out.push({
      ruleId: rule.id,
      level,
      server: source.server,
      entity: { kind: source.kind, name: source.name },
      pointer: source.pointer,
      snapshotPointer: `${source.entityPointer}${source.pointer}`,
      message: match.message,
      excerpt: excerpt(source.text, match.start, match.end),
      textHash,
      fingerprint: hashText(JSON.stringify([rule.id, source.server, source.kind, source.name, source.pointer, matched])),
      start: match.start,
      end: match.end,
      ...(allowed ? { allowed: allowed.reason } : {}),
      ...(rule.strips && !allowed && STRIPPABLE.has(source.role) ? { stripped: true } : {}),
    });
  }
  return out;
}

/** One match per stretch of text: patterns of one rule often overlap (the first one's message is kept). */
function mergeOverlapping(matches: readonly RuleMatch[]): RuleMatch[] {
  const merged: RuleMatch[] = [];
  for (const match of [...matches].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = merged[merged.length - 1];
    if (last && match.start < last.end) last.end = Math.max(last.end, match.end);
    else merged.push({ ...match });
  }
  return merged;
}

/** The match with a little context, on one line, invisible characters as escapes. */
export function excerpt(text: string, start: number, end: number): string {
  // Never cut a surrogate pair (tag characters are astral): a half would print as garbage.
  let from = Math.max(0, start - EXCERPT_CONTEXT);
  if (isLowSurrogate(text.charCodeAt(from))) from -= 1;
  let to = Math.min(text.length, end + EXCERPT_CONTEXT);
  if (isLowSurrogate(text.charCodeAt(to))) to += 1;
  let body = showInvisible(text.slice(from, to)).replace(/\s+/g, " ");
  let cut = false;
  if (body.length > EXCERPT_MAX) {
    body = body.slice(0, EXCERPT_MAX - 1);
    // Nor an escape: `\u{E007` would misread.
    const escape = body.lastIndexOf("\\u{");
    if (escape > body.lastIndexOf("}")) body = body.slice(0, escape);
    cut = true;
  }
  return `${from > 0 ? "…" : ""}${body}${cut || to < text.length ? "…" : ""}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function auditContext(snapshot: Snapshot, keep: (server: string, tool: string) => boolean): AuditContext {
  const toolServers = new Map<string, string[]>();
  const ownNames = new Map<string, Set<string>>();
  const serversWithTools = new Set<string>();
  for (const [server, listing] of Object.entries(snapshot.servers)) {
    const own = new Set<string>();
    for (const tool of listing.tools) {
      if (!keep(server, tool.name)) continue;
      own.add(tool.name);
      serversWithTools.add(server);
      toolServers.set(tool.name, [...(toolServers.get(tool.name) ?? []), server]);
    }
    for (const prompt of listing.prompts) own.add(prompt.name);
    for (const resource of [...listing.resources, ...listing.resourceTemplates]) own.add(resource.name);
    ownNames.set(server, own);
  }
  return { toolServers, ownNames, serversWithTools };
}

export function summarize(findings: readonly Finding[]): AuditSummary {
  const summary: AuditSummary = { error: 0, warning: 0, note: 0, allowed: 0 };
  for (const finding of findings) {
    if (finding.allowed !== undefined) summary.allowed += 1;
    else summary[finding.level] += 1;
  }
  return summary;
}

/** Whether any finding that is not acknowledged reaches `threshold`. */
export function auditFailsAt(findings: readonly Finding[], threshold: AuditLevel): boolean {
  const rank = { error: 3, warning: 2, note: 1 } as const;
  return findings.some((finding) => finding.allowed === undefined && rank[finding.level] >= rank[threshold]);
}
