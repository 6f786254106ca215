/** Building a `Change` from what a differ found: default level from the rule table, sentence from its template. */
import type { Json } from "../shared/canonical-json.js";
import { RULES, type RuleId } from "./rules.js";
import { cleanText, describeValue } from "./text.js";
import type { Change, DriftEntityKind } from "./types.js";

export interface Finding {
  ruleId: RuleId;
  pointer?: string;
  subject?: string;
  before?: Json;
  after?: Json;
  beforeText?: string;
  afterText?: string;
  /** Text for `{subject}` used as is (already a rendered value), instead of quoting `subject`. */
  subjectText?: string;
}

export type EntityRef = { kind: DriftEntityKind; name: string };

export function makeChange(server: string, entity: EntityRef, finding: Finding): Change {
  const { ruleId, pointer, before, after } = finding;
  return {
    ruleId,
    level: RULES[ruleId].level,
    server,
    entity,
    ...(pointer === undefined ? {} : { pointer }),
    message: renderTemplate(RULES[ruleId].template, finding),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
  };
}

function renderTemplate(template: string, finding: Finding): string {
  return template.replace(/\{(subject|before|after)\}/g, (_match, field: "subject" | "before" | "after") => {
    if (field === "subject") {
      if (finding.subjectText !== undefined) return cleanText(finding.subjectText, 100);
      return finding.subject === undefined ? "" : `"${cleanText(finding.subject, 100)}"`;
    }
    const text = field === "before" ? finding.beforeText : finding.afterText;
    return text === undefined ? describeValue(finding[field]) : cleanText(text, 100);
  });
}
