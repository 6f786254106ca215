/** Differences in a server's own metadata: protocol version, serverInfo, capabilities, instructions. */
import { getOwn } from "../shared/own-property.js";
import type { Json } from "../shared/canonical-json.js";
import type { ServerSnapshot } from "../shared/snapshot.js";
import { eraOfSnapshot } from "../shared/protocol.js";
import type { Finding } from "./change.js";
import { sameJson, unionKeys } from "./diff-entity.js";
import type { RuleId } from "./rules.js";
import { pointerToken } from "../shared/json-pointer.js";

/** serverInfo field → rule; other fields are `server-info-changed`. */
const SERVER_INFO_RULES: Record<string, RuleId> = {
  version: "server-version-changed",
  title: "title-changed",
  icons: "icons-changed",
};

export function diffServerMetadata(before: ServerSnapshot, after: ServerSnapshot): Finding[] {
  const findings: Finding[] = [];
  if (before.protocolVersion !== after.protocolVersion) {
    findings.push({ ruleId: "protocol-version-changed", pointer: "/protocolVersion", before: before.protocolVersion, after: after.protocolVersion });
  }
  const [eraBefore, eraAfter] = [eraOfSnapshot(before), eraOfSnapshot(after)];
  if (eraBefore !== eraAfter) findings.push({ ruleId: "protocol-era-changed", pointer: "/era", before: eraBefore, after: eraAfter });
  const infoBefore = before.serverInfo ?? {};
  const infoAfter = after.serverInfo ?? {};
  for (const key of unionKeys(infoBefore, infoAfter)) {
    // serverInfo keys are server text: own keys only.
    const [was, is] = [getOwn(infoBefore, key), getOwn(infoAfter, key)];
    if (sameJson(was, is)) continue;
    const ruleId = getOwn(SERVER_INFO_RULES, key) ?? "server-info-changed";
    findings.push(withValues({ ruleId, pointer: `/serverInfo/${pointerToken(key)}`, subject: key }, was, is));
  }
  if (!sameJson(before.instructions, after.instructions)) {
    findings.push(withValues({ ruleId: "instructions-changed", pointer: "/instructions" }, before.instructions, after.instructions));
  }
  diffCapabilities(before.capabilities ?? {}, after.capabilities ?? {}, "", findings);
  return findings;
}

/** A capability (or sub-capability such as `resources.subscribe`) present before and gone or false now is withdrawn. */
function diffCapabilities(before: Json | undefined, after: Json | undefined, path: string, findings: Finding[]): void {
  if (sameJson(before, after)) return;
  const pointer = `/capabilities${path}`;
  const subject = path.slice(1).split("/").join(".");
  if (isObject(before) && isObject(after)) {
    for (const key of unionKeys(before, after)) diffCapabilities(getOwn(before, key), getOwn(after, key), `${path}/${pointerToken(key)}`, findings);
    return;
  }
  const had = present(before);
  const has = present(after);
  const ruleId: RuleId = had && !has ? "capability-withdrawn" : !had && has ? "capability-added" : "capability-changed";
  findings.push(withValues({ ruleId, pointer, subject }, before, after));
}

function present(value: Json | undefined): boolean {
  return value !== undefined && value !== null && value !== false;
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withValues(finding: Finding, before: Json | undefined, after: Json | undefined): Finding {
  return { ...finding, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
}
