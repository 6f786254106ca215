/**
 * Names that are also members of every plain JS object (issue 28): a server may use any of them
 * for a tool, prompt, resource, template variable, property, `$defs` entry, `x-mcp-header`
 * parameter or annotation, and each must stay an ordinary name. Shared by the hostile-names test
 * server, the tests that drive it and the random-schema fuzzer.
 */
export const HOSTILE_NAMES = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"] as const;

export type HostileName = (typeof HOSTILE_NAMES)[number];
