/**
 * A shell command line given as one argument (`bash -c "export TOKEN=… && npx server --password
 * …"`, `cmd /c …`, `ssh host '…'`): cut into words as a POSIX shell would, so that each word can
 * be judged as an argument, and written back with everything between words as it was.
 */

/** A word of a command line. */
export interface Word {
  /** Where it is in the line, quotes included. */
  readonly start: number;
  readonly end: number;
  /** What the program gets: quotes removed, escapes resolved. */
  readonly value: string;
}

/** `&&`, `||`, `;`, `|`, `&`: words of their own, wherever they stand outside quotes. */
const OPERATOR = /^(?:&&|\|\||[;&|])/;

/** Whether a word ends one command and begins the next (`&&`, `;`, `|`, …). */
export function isOperator(word: string): boolean {
  return OPERATOR.exec(word)?.[0] === word;
}
const WORD_END = /[\s;&|]/;
/** What a double-quoted `\` escapes; before anything else it stays. */
const DOUBLE_QUOTE_ESCAPES = new Set(['"', "\\", "$", "`"]);

/** The words of `line`. A quote left open (an apostrophe in prose) makes the words whitespace-separated text. */
export function commandWords(line: string): Word[] {
  const words: Word[] = [];
  for (let at = 0; at < line.length; ) {
    if (/\s/.test(line[at] ?? "")) {
      at++;
      continue;
    }
    const operator = OPERATOR.exec(line.slice(at))?.[0];
    const word = operator === undefined ? readWord(line, at) : { start: at, end: at + operator.length, value: operator };
    if (word === undefined) return plainWords(line);
    words.push(word);
    at = word.end;
  }
  return words;
}

function readWord(line: string, start: number): Word | undefined {
  let value = "";
  let at = start;
  while (at < line.length && !WORD_END.test(line[at] ?? "")) {
    const char = line[at] ?? "";
    if (char === "'" || char === '"') {
      const quoted = readQuoted(line, at);
      if (quoted === undefined) return undefined;
      value += quoted.value;
      at = quoted.end;
    } else if (char === "\\") {
      value += line[at + 1] ?? "";
      at += 2;
    } else {
      value += char;
      at++;
    }
  }
  return { start, end: Math.min(at, line.length), value };
}

/** `'…'` (all literal) or `"…"` (`\` escapes `"`, `\`, `$`, `` ` ``) from `start`; undefined when it does not close. */
function readQuoted(line: string, start: number): { value: string; end: number } | undefined {
  const quote = line[start];
  let value = "";
  for (let at = start + 1; at < line.length; at++) {
    const char = line[at] ?? "";
    if (char === quote) return { value, end: at + 1 };
    const next = line[at + 1] ?? "";
    if (quote === '"' && char === "\\" && DOUBLE_QUOTE_ESCAPES.has(next)) {
      value += next;
      at++;
    } else value += char;
  }
  return undefined;
}

function plainWords(line: string): Word[] {
  return [...line.matchAll(/\S+/g)].map((match) => ({ start: match.index, end: match.index + match[0].length, value: match[0] }));
}

/** Characters a shell reads as more than themselves outside quotes. */
const SHELL_SPECIAL = /[\s'"\\`;&|<>()]/;

/**
 * `line` with each word's value replaced by `values` (same order): a changed word keeps its
 * quotes when it was quoted whole, or is written bare when nothing in it needs quoting;
 * undefined when a changed word cannot be written back faithfully.
 */
export function withWords(line: string, words: readonly Word[], values: readonly string[]): string | undefined {
  let out = "";
  let at = 0;
  for (const [index, word] of words.entries()) {
    const value = values[index] ?? word.value;
    const raw = line.slice(word.start, word.end);
    const written = value === word.value ? raw : requoted(raw, value);
    if (written === undefined) return undefined;
    out += `${line.slice(at, word.start)}${written}`;
    at = word.end;
  }
  return `${out}${line.slice(at)}`;
}

function requoted(raw: string, value: string): string | undefined {
  if (/^'[^']*'$/.test(raw) && !value.includes("'")) return `'${value}'`;
  if (/^"[^"\\`]*"$/.test(raw) && !/["\\`]/.test(value)) return `"${value}"`;
  return SHELL_SPECIAL.test(value) ? undefined : value;
}
