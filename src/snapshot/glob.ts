/** `*` globs over names: now in `src/shared/listing-snapshot.ts` (shared with the runtime drift guard). */
export { globMatcher } from "../shared/listing-snapshot.js";
