/** Small matching helpers the rules share: every match of a pattern list, sentences, identifier tokens. */
import type { RuleMatch } from "./types.js";

/**
 * Every match of every pattern (global regexes), with one message. `exec` with `lastIndex`, not
 * `matchAll`: that clones the regex on every call, and this runs per rule per string.
 */
export function matchAll(patterns: readonly RegExp[], text: string, message: (matched: string) => string): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const pattern of patterns) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0].length === 0) {
        pattern.lastIndex += 1;
        continue;
      }
      out.push({ start: match.index, end: match.index + match[0].length, message: message(match[0]) });
    }
  }
  return out;
}

/** Sentences with their offsets: split after `.`, `!`, `?` followed by space, and at line breaks. */
export function sentences(text: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  const boundary = /(?<=[.!?])\s+|\n+/g;
  let start = 0;
  for (const match of text.matchAll(boundary)) {
    const end = match.index ?? 0;
    if (end > start) out.push({ start, end, text: text.slice(start, end) });
    start = end + match[0].length;
  }
  if (start < text.length) out.push({ start, end: text.length, text: text.slice(start) });
  return out;
}

/** Identifier-like tokens (tool names): letters, digits, `_`, `-`, `.`, `/` inside. */
export function tokens(text: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  for (const match of text.matchAll(/[A-Za-z0-9_](?:[\w./-]*[\w])?/g)) {
    const start = match.index ?? 0;
    out.push({ start, end: start + match[0].length, text: match[0] });
  }
  return out;
}

/** A name distinctive enough that its mention means the tool (`send_email`, `getWeather`), not a word (`search`). */
export function isDistinctiveName(name: string): boolean {
  return name.length >= 4 && (/[_\-./\d]/.test(name) || /[a-z][A-Z]/.test(name));
}
