/**
 * Invisible text: characters a reviewer does not see and a model reads. Unicode tag characters
 * (U+E0000–E007F, "ASCII smuggling"), bidi embeddings, overrides and isolates (text shown in
 * another order than it is read), runs of zero-width characters and variation selectors.
 * A zero-width joiner inside an emoji sequence, a ZWNJ in Persian, a variation selector after an
 * emoji or a flag's tag sequence are ordinary text and are not reported.
 */

export type HiddenKind = "tag" | "bidi" | "zero-width";

export interface HiddenSpan {
  start: number;
  end: number;
  kind: HiddenKind;
}

/** Cheap pre-test: no string without one of these can hold a hidden span (U+DB40 leads every tag character). */
const MAYBE_HIDDEN = /[\u034f\u115f\u1160\u180e\u200b-\u200d\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufe00-\ufe0f\ufeff\uffa0\udb40]/;

const BIDI_CONTROLS = /^[\u202a-\u202e\u2066-\u2069]$/u;
/** Zero-width characters, fillers that render as nothing, variation selectors (both blocks). */
const ZERO_WIDTH = /^[\u034f\u115f\u1160\u180e\u200b-\u200d\u2060-\u2064\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0100}-\u{e01ef}]$/u;
const PICTOGRAPHIC = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f]$/u;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

function isTag(code: number): boolean {
  return code >= 0xe0000 && code <= 0xe007f;
}

/** Code points with their UTF-16 offsets. */
function codePoints(text: string): { char: string; code: number; at: number }[] {
  const out: { char: string; code: number; at: number }[] = [];
  let at = 0;
  for (const char of text) {
    out.push({ char, code: char.codePointAt(0)!, at });
    at += char.length;
  }
  return out;
}

/** Every hidden span of `text`, in order. */
export function hiddenSpans(text: string): HiddenSpan[] {
  if (!MAYBE_HIDDEN.test(text)) return [];
  const points = codePoints(text);
  const spans: HiddenSpan[] = [];
  let index = 0;
  while (index < points.length) {
    const point = points[index]!;
    const kind = isTag(point.code) ? "tag" : BIDI_CONTROLS.test(point.char) ? "bidi" : ZERO_WIDTH.test(point.char) ? "zero-width" : undefined;
    if (kind === undefined) {
      index += 1;
      continue;
    }
    let end = index + 1;
    while (end < points.length && sameKind(kind, points[end]!)) end += 1;
    if (!isOrdinary(kind, points, index, end)) spans.push({ start: point.at, end: end < points.length ? points[end]!.at : text.length, kind });
    index = end;
  }
  return spans;
}

function sameKind(kind: HiddenKind, point: { char: string; code: number }): boolean {
  if (kind === "tag") return isTag(point.code);
  if (kind === "bidi") return BIDI_CONTROLS.test(point.char);
  return ZERO_WIDTH.test(point.char);
}

/** Whether the run `points[start, end)` is ordinary text (see the module comment). */
function isOrdinary(kind: HiddenKind, points: readonly { char: string; code: number }[], start: number, end: number): boolean {
  if (kind === "bidi") return false;
  if (kind === "tag") return isFlagTagSequence(points, start, end);
  const run = points.slice(start, end).map((point) => point.char).join("");
  if (run.length === 1 || (end - start === 1 && /[\u{e0100}-\u{e01ef}]/u.test(run))) return true;
  // An emoji ZWJ sequence: pictograph, optional VS16, ZWJ, pictograph (👨‍👩‍👧, ❤️‍🔥).
  const before = points[start - 1]?.char ?? "";
  const after = points[end]?.char ?? "";
  return /^\ufe0f?\u200d$/.test(run) && PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after);
}

/** 🏴 followed by 2–7 tag letters or digits and CANCEL TAG: a subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿). */
function isFlagTagSequence(points: readonly { code: number }[], start: number, end: number): boolean {
  if (points[start - 1]?.code !== BLACK_FLAG || points[end - 1]?.code !== CANCEL_TAG) return false;
  const letters = points.slice(start, end - 1);
  return letters.length >= 2 && letters.length <= 7 && letters.every(({ code }) => (code >= 0xe0061 && code <= 0xe007a) || (code >= 0xe0030 && code <= 0xe0039));
}

/** The ASCII a run of tag characters spells (each tag is its ASCII character + U+E0000). */
export function decodeTags(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xe0020 && code <= 0xe007e) out += String.fromCharCode(code - 0xe0000);
  }
  return out;
}

/** `text` without the given spans. */
export function removeSpans(text: string, spans: readonly { start: number; end: number }[]): string {
  if (spans.length === 0) return text;
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const span of sorted) {
    if (span.start > at) out += text.slice(at, span.start);
    at = Math.max(at, span.end);
  }
  return out + text.slice(at);
}

/** Characters shown as escapes in excerpts: controls, invisible and format characters, tags, selectors. */
const SHOWN_AS_ESCAPE = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/** The text with every invisible or control character written as `\u{XXXX}`. */
export function showInvisible(text: string): string {
  return text.replace(SHOWN_AS_ESCAPE, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}}`);
}
