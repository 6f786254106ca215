/**
 * Names json-schema-to-typescript (jstt) gives types on its own. `customName` names the root and
 * every definition, under the compile's root name; but jstt also names one end of each reference
 * cycle that has no named type on it, after the `$ref` it came from or the closest property key
 * (`Contents`, or `NoName` when that is an array index). Such a name is not scoped: two tools of a
 * server could declare the same one in one module (LINE's `push_flex_message` and
 * `broadcast_flex_message` both declared `NoName`). Each is put under the root name.
 */

/** A comment, a string, or an identifier, in the order they come. */
const TOKEN = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|[A-Za-z_$][\w$]*/g;
const DECLARED = /^export (?:interface|type) ([A-Za-z_$][\w$]*)/gm;

/** `code` with every type it declares outside `root`'s names renamed `<root><Name>` (not in comments, strings or property keys). */
export function scopeOwnNames(code: string, root: string): string {
  const own = new Set([...code.matchAll(DECLARED)].map((match) => match[1]!).filter((name) => !name.startsWith(root)));
  if (own.size === 0) return code;
  return code.replace(TOKEN, (token, offset: number) => {
    if (!own.has(token)) return token;
    // A property key (`Contents?: …`) keeps its name: only type positions are renamed.
    return /^\s*\??:/.test(code.slice(offset + token.length, offset + token.length + 8)) ? token : `${root}${token}`;
  });
}
