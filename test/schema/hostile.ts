/** A schema whose every server string tries to break out of its comment or string literal. */
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";

export const NASTY = [
  "*/ export const pwned = 1; /*",
  "`${process.exit(1)}`",
  "${x}",
  "\"'\\",
  "line\u2028separator\u2029paragraph",
  "nul\u0000bell\u0007esc\u001b",
  "bidi \u202eevil\u202c \u2066iso\u2069",
  "</script><!--",
  "\r\nnew line",
] as const;

export const HOSTILE_SCHEMA: JsonObject = {
  type: "object",
  description: NASTY.join(" | "),
  title: "*/ title",
  properties: Object.fromEntries(
    NASTY.map((text, i) => [
      text,
      i % 2 === 0
        ? { type: "string", description: text, enum: [text, `${text}2`] }
        : { type: "string", description: text, const: text, pattern: `^${text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}$` },
    ]),
  ),
  required: [NASTY[0]],
};
