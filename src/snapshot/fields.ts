/** The kept fields now live in `src/shared/listing-snapshot.ts` (shared with the runtime drift guard). */
export { KEPT_FIELDS, KEPT_PROMPT_ARGUMENT_FIELDS, KEPT_SERVER_INFO_FIELDS } from "../shared/listing-snapshot.js";
