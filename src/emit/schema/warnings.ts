/**
 * A JSON Schema feature the emitters could not translate exactly. The emitted type or schema is
 * then looser than the JSON Schema (never stricter), and the warning says where and why.
 */
export interface SchemaWarning {
  /** JSON pointer into the schema that was given to the emitter (`""` is the root). */
  pointer: string;
  message: string;
}
