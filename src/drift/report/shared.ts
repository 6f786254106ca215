/** What every report format shares: entity labels, level order, sanitized fields. */
import { cleanText, MAX_TEXT_LENGTH, type Change, type DriftEntityKind } from "@mcp-codegen/runtime/internal";

/** Longest message printed: its server text is already capped piecewise, this bounds the whole. */
export const MAX_MESSAGE_LENGTH = 2 * MAX_TEXT_LENGTH;

const KIND_LABELS: Record<DriftEntityKind, string> = {
  server: "server",
  tool: "tool",
  prompt: "prompt",
  resource: "resource",
  resourceTemplate: "resource template",
  skill: "skill",
};

/** `tool "get_weather"`, sanitized. */
export function entityLabel(change: Change): string {
  return `${KIND_LABELS[change.entity.kind]} "${cleanText(change.entity.name)}"`;
}

/** Sanitized fields of a change, ready for any format's own escaping. */
export function cleanFields(change: Change): { server: string; entity: string; pointer: string; message: string; accepted: string | undefined } {
  return {
    server: cleanText(change.server),
    entity: entityLabel(change),
    pointer: change.pointer === undefined ? "" : cleanText(change.pointer),
    message: cleanText(change.message, MAX_MESSAGE_LENGTH),
    accepted: change.accepted === undefined ? undefined : cleanText(change.accepted),
  };
}

/** Changes grouped by server, in report order. */
export function byServer(changes: readonly Change[]): Map<string, Change[]> {
  const groups = new Map<string, Change[]>();
  for (const change of changes) groups.set(change.server, [...(groups.get(change.server) ?? []), change]);
  return groups;
}

export function summaryLine(summary: { breaking: number; dangerous: number; safe: number; accepted: number }): string {
  return `${summary.breaking} breaking, ${summary.dangerous} dangerous, ${summary.safe} safe, ${summary.accepted} accepted`;
}
