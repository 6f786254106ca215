/**
 * The warning rule table: every kind of warning `generate` can give, with its stable id (used
 * in output and in the config's `warnings` to acknowledge it) and what it means. A warning gets
 * its id from the first row whose pattern matches its message (the emitters word each kind one
 * way); `list-unavailable` is set where the warning is made. Data only: docs/cli.md#warnings
 * lists the same ids.
 */
export interface WarningRule {
  readonly id: string;
  /** Matches the messages of this kind. */
  readonly match: RegExp;
  readonly help: string;
}

export const WARNING_RULES: readonly WarningRule[] = [
  { id: "list-unavailable", match: /generated without (resources|resource templates|prompts)/, help: "the server advertises a list it did not answer; the rest was generated" },
  { id: "skill-refused", match: /^left out of the snapshot and the generated code: /, help: "a listed skill (SEP-2640) was left out: an invalid entry, a path that could leave its folder, or a SKILL.md that failed verification" },
  { id: "stdout-noise", match: /^wrote text that is not JSON-RPC on stdout/, help: "a stdio server wrote logging or a banner on stdout, where only JSON-RPC belongs; it answered all the same" },
  { id: "literal-secret", match: /^a secret written as a value: copied into the generated code/, help: "a secret-named env entry, header, flag, URL password or secret-named URL query or fragment parameter written as a value in the config, which the generated code copies" },
  { id: "peer-missing", match: /^not installed: the generated code cannot load/, help: "a package the generated code imports is not installed for the output folder" },
  { id: "tool-left-out", match: /^left out of the generated code/, help: "a tool whose input schema cannot be used was not generated" },
  { id: "model-schema-lossy", match: /^modelSchema "/, help: "the schema a provider accepts (modelSchema) is looser than the tool's; the runtime checks the exact one" },
  { id: "format-not-checked", match: /^format .* is not checked$/, help: "a string format without an exact check: any string passes it" },
  { id: "keyword-not-in-type", match: /is not expressed in the TS type/, help: "a keyword TypeScript cannot express; the Zod schema checks it at run time" },
  { id: "pattern-invalid", match: /pattern.* (is not a valid JavaScript regular expression|is invalid)/, help: "a pattern that is not a valid JavaScript (u flag) regular expression is not checked" },
  { id: "ref-external", match: /^external \$ref /, help: "a $ref to another file or URL is never followed; the value is left unchecked" },
  { id: "ref-unresolved", match: /^\$ref .* does not resolve inside the schema/, help: "a $ref to nothing in the schema; the value is left unchecked" },
  { id: "ref-loop", match: /^\$ref .* leads back to the same value/, help: "a $ref loop that never reaches a property or item; left unchecked" },
  { id: "ref-invalid", match: /^\$ref is not a string/, help: "a $ref that is not a string is ignored" },
  { id: "oneof-as-anyof", match: /^checked as anyOf/, help: "oneOf whose branches are not all checked exactly is checked as anyOf" },
  { id: "composition-not-checked", match: /^(not|if) is not checked|^not checked \(the contains schema/, help: "not / if-then-else / maxContains over a schema not checked exactly" },
  { id: "accepts-nothing", match: /^enum lists no value/, help: "an empty enum: no value is valid there, so a tool that requires it cannot be called" },
  { id: "value-not-checked", match: /^(enum|const) with an object or array value/, help: "enum or const values that are objects or arrays are not checked" },
  { id: "keyword-not-checked", match: /^\S+ is not checked$|^not checked \(/, help: "a keyword the Zod schema does not check" },
  { id: "keyword-ignored", match: /; ignored$/, help: "a keyword with a value of the wrong kind is ignored" },
  { id: "schema-not-translated", match: /^not translated|^json-schema-to-typescript failed|^not a schema/, help: "a schema that could not be translated is typed and checked as unknown" },
];

/** Warnings no row matches (a new message not yet in the table). */
export const OTHER_WARNING_RULE = "schema-other";

export const WARNING_RULE_IDS: readonly string[] = [...WARNING_RULES.map((rule) => rule.id), OTHER_WARNING_RULE];
