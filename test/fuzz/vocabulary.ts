/** The values the fuzzer draws schemas and instances from: few, so that they collide often. */
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import { HOSTILE_NAMES } from "../servers/hostile-vocabulary.js";

/**
 * Property names: identifiers, one that needs quoting, and prototype names (the hostile
 * vocabulary of issue 28), which must stay ordinary names (issue 17): `constructor` and `toString` are found through the prototype by a
 * plain lookup, `__proto__` is skipped by Zod (the emitter checks it itself: as a declared
 * property, an extra key, in counts and names), and `__proto__x` starts like `__proto__`.
 */
export const KEYS = ["a", "b", "c", "x-y", ...HOSTILE_NAMES, "__proto__x"] as const;

/** Keys of instances beyond the declared ones. */
export const EXTRA_KEYS = ["a", "b", "c", "x-y", "z", "ab", "__proto__", "constructor", "valueOf"] as const;

/**
 * Names of the root's definition: a plain one, the hostile vocabulary (issue 28), and keys a
 * `$ref` must percent-encode (`#/$defs/a%20b`, `#/$defs/50%25`).
 */
export const DEF_NAMES = ["d0", ...HOSTILE_NAMES, "a b", "50%"] as const;

export const TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"] as const;

/** Formats the Zod schema checks exactly and some it leaves to the server (with a warning). */
export const FORMATS = ["email", "hostname", "ipv4", "uuid", "uri", "date-time"] as const;

export const PATTERNS = ["^a", "b$", "^[a-c]*$", "\\d", "^.{2}$"] as const;

export const NUMBERS = [-1, 0, 0.5, 1, 2, 3, 10] as const;

export const PRIMITIVES: Json[] = ["a", "b", "", "x-y", 0, 1, 2.5, -1, true, false, null];

/** Strings that satisfy (or nearly satisfy) the formats and patterns above. */
export const STRINGS = ["", "a", "ab", "abc", "b", "cb", "a1", "x-y", "a@example.com", "example.com", "127.0.0.1", "300.1.1.1", "123e4567-e89b-12d3-a456-426614174000", "https://example.com/x", "2020-01-01T00:00:00Z", "ü", "😀😀", "z"];

export const INSTANCE_NUMBERS = [0, 1, 2, 3, -1, 0.5, 1.5, 0.3, 10, 11, 2 ** 53, 1e21, -0.1];
