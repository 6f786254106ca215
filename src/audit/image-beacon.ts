/**
 * IMAGE_BEACON's matches (patterns.ts), found in linear time. The pattern's URL part is three
 * unbounded runs of the same characters with a separator after each: on a URL of `?=?=?=…` its
 * backtracking is cubic (4 KB took 4.5 s; 16 KB would take minutes), and every `![` of a long line
 * without `]` scanned to the line's end. This finds the same spans (test/audit/long-text.test.ts
 * holds it to the pattern):
 * - an `![`'s alt text ends at the first `]` or line break, and every later `![` before that point
 *   ends there too, so it is read once;
 * - the URL after `](http://` runs to a space or `)`: it carries data when, somewhere after the
 *   URL's start, a `?` or `&` comes before a `=` that comes before a `{`, `$`, `%7B` or `<`. Each
 *   run is read once, from its end (the latest such `?`/`&`), however many alt texts end in it;
 * - the beacon ends at the first `)` after the run, with no line break before it.
 */
export function imageBeacons(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const urls = new UrlRuns(text);
  let from = 0;
  for (let start = text.indexOf("![", from); start !== -1; start = text.indexOf("![", from)) {
    let close = start + 2;
    while (close < text.length && text[close] !== "]" && text[close] !== "\n") close++;
    if (close >= text.length) break;
    const end = text[close] === "]" ? urls.beaconEnd(close) : -1;
    if (end === -1) {
      from = close + 1;
      continue;
    }
    found.push({ start, end });
    from = end;
  }
  return found;
}

const LINK_TO_URL = /\(\s*https?:\/\//iy;

interface UrlRun {
  /** Its first and last + 1 character. */
  begin: number;
  end: number;
  /** The latest `?`/`&` followed in the run by a `=` and then a marker; -1 when there is none. */
  latestQuery: number;
  /** The `)` after the run with no line break before it; -1 when there is none. */
  closing: number;
}

class UrlRuns {
  private last: UrlRun | undefined;

  constructor(private readonly text: string) {}

  /** After the `)` of a beacon whose alt text ends with the `]` at `close`; -1 when it is not one. */
  beaconEnd(close: number): number {
    LINK_TO_URL.lastIndex = close + 1;
    if (!LINK_TO_URL.test(this.text)) return -1;
    const url = LINK_TO_URL.lastIndex;
    const run = this.runAt(url);
    return run.latestQuery >= url && run.closing !== -1 ? run.closing + 1 : -1;
  }

  private runAt(at: number): UrlRun {
    const last = this.last;
    if (last !== undefined && at >= last.begin && at < last.end) return last;
    const text = this.text;
    let end = at;
    while (end < text.length && text[end] !== ")" && !/\s/.test(text[end]!)) end++;
    let marker = end - 1;
    while (marker >= at && !isMarker(text, marker, end)) marker--;
    let equals = marker - 1;
    while (equals >= at && text[equals] !== "=") equals--;
    let query = equals - 1;
    while (query >= at && text[query] !== "?" && text[query] !== "&") query--;
    let closing = end;
    while (closing < text.length && text[closing] !== ")" && text[closing] !== "\n") closing++;
    this.last = {
      begin: at,
      end,
      latestQuery: marker >= at && equals >= at && query >= at ? query : -1,
      closing: text[closing] === ")" ? closing : -1,
    };
    return this.last;
  }
}

function isMarker(text: string, at: number, end: number): boolean {
  const char = text[at];
  return char === "{" || char === "$" || char === "<" || (char === "%" && at + 3 <= end && text.slice(at, at + 3).toUpperCase() === "%7B");
}
