/**
 * SARIF 2.1.0 for code scanning: the rule table in `tool.driver.rules`, each result at the line
 * and column of the offending characters in the committed snapshot file, a logical location
 * `server/tool`, stable `partialFingerprints` (rule, server, entity, pointer, matched text: line
 * moves and unrelated edits keep an alert's identity), and acknowledged findings as suppressions.
 */
import { cleanText } from "@mcp-codegen/runtime/internal";
import { AUDIT_RULES } from "../rules.js";
import type { AuditEntityKind, AuditLevel, AuditReport, Finding } from "../types.js";
import { cleanFinding, logicalName } from "./shared.js";

const TOOL_VERSION = "0.1.0";
/** GitHub code scanning's severity scale (0–10) for security rules. */
const SECURITY_SEVERITY: Record<AuditLevel, string> = { error: "8.0", warning: "5.0", note: "2.0" };
const LOGICAL_KINDS: Record<AuditEntityKind, string> = { server: "module", tool: "function", prompt: "member", resource: "resource", resourceTemplate: "resource", skill: "member" };
export const FINGERPRINT_KEY = "mcpAuditFinding/v1";

export function renderAuditSarif(report: AuditReport): string {
  const ruleIndex = new Map(AUDIT_RULES.map((rule, index) => [rule.id, index]));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "mcp-codegen audit",
            version: TOOL_VERSION,
            semanticVersion: TOOL_VERSION,
            rules: AUDIT_RULES.map((rule) => ({
              id: rule.id,
              name: pascalCase(rule.id),
              shortDescription: { text: rule.description },
              fullDescription: { text: `${rule.description}.` },
              help: { text: rule.help },
              defaultConfiguration: { level: rule.level },
              properties: { tags: ["security", "mcp", "tool-poisoning"], "security-severity": SECURITY_SEVERITY[rule.level] },
            })),
          },
        },
        columnKind: "utf16CodeUnits",
        results: report.findings.map((finding) => result(report, finding, ruleIndex.get(finding.ruleId))),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function result(report: AuditReport, finding: Finding, ruleIndex: number | undefined) {
  const fields = cleanFinding(finding);
  const physical = report.snapshotFile === undefined ? {} : { physicalLocation: { artifactLocation: { uri: report.snapshotFile }, ...(finding.region ? { region: finding.region } : {}) } };
  return {
    ruleId: finding.ruleId,
    ...(ruleIndex === undefined ? {} : { ruleIndex }),
    level: finding.level,
    message: { text: `${cleanText(logicalName(finding))} ${fields.pointer}: ${fields.message}. Text: ${fields.excerpt}${finding.stripped ? " (stripped from generated code)" : ""}` },
    locations: [
      {
        ...physical,
        logicalLocations: [{ name: cleanText(finding.entity.name), fullyQualifiedName: cleanText(logicalName(finding)), kind: LOGICAL_KINDS[finding.entity.kind] }],
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: finding.fingerprint },
    ...(finding.allowed === undefined ? {} : { suppressions: [{ kind: "external", status: "accepted", justification: fields.allowed ?? "" }] }),
    properties: { server: fields.server, entity: finding.entity.kind, pointer: finding.pointer, textHash: finding.textHash, ...(finding.stripped ? { stripped: true } : {}) },
  };
}

function pascalCase(id: string): string {
  return id.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
}
