/**
 * Values a scripted user gives when a schema asks for them: tool arguments for the required
 * properties of an input schema, and form-mode elicitation content for the required fields (the
 * optional ones are left out, so the runtime's defaults apply).
 */
interface PropertySchema {
  type?: unknown;
  enum?: unknown;
  default?: unknown;
  oneOf?: unknown;
}

interface ObjectSchema {
  properties?: Record<string, unknown> | undefined;
  required?: readonly string[] | undefined;
}

/** One sample value per JSON Schema type; the first listed type of a type list wins. */
const BY_TYPE: Readonly<Record<string, unknown>> = {
  string: "value",
  number: 1,
  integer: 1,
  boolean: true,
  array: [],
  object: {},
  null: null,
};

function sampleValue(schema: PropertySchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (Array.isArray(schema.oneOf)) {
    const first = schema.oneOf[0] as { const?: unknown } | undefined;
    if (first?.const !== undefined) return first.const;
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  return typeof type === "string" ? BY_TYPE[type] : "value";
}

function requiredSamples(schema: ObjectSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of schema.required ?? []) out[name] = sampleValue((schema.properties?.[name] ?? {}) as PropertySchema);
  return out;
}

export function sampleArguments(inputSchema: ObjectSchema): Record<string, unknown> {
  return requiredSamples(inputSchema);
}

export function sampleContent(requestedSchema: ObjectSchema): Record<string, string | number | boolean | string[]> {
  return requiredSamples(requestedSchema) as Record<string, string | number | boolean | string[]>;
}
