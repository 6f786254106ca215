/**
 * The protocol's four list methods, described once for the runtime and the generator's capture:
 * the capability a server advertises to offer each, the key of the items in a result, the key
 * that names one item, the word for one item in messages, and the SDK's schema of a result.
 * Data only.
 */
export const LISTS = {
  "tools/list": { capability: "tools", items: "tools", key: "name", entity: "tool", schema: "ListToolsResultSchema" },
  "resources/list": { capability: "resources", items: "resources", key: "uri", entity: "resource", schema: "ListResourcesResultSchema" },
  "resources/templates/list": { capability: "resources", items: "resourceTemplates", key: "uriTemplate", entity: "resource template", schema: "ListResourceTemplatesResultSchema" },
  "prompts/list": { capability: "prompts", items: "prompts", key: "name", entity: "prompt", schema: "ListPromptsResultSchema" },
} as const;

export type ListMethod = keyof typeof LISTS;
export type ListInfo = (typeof LISTS)[ListMethod];

/** The methods in the table's order (tools first). */
export const LIST_METHODS = Object.keys(LISTS) as ListMethod[];

export function isListMethod(method: string): method is ListMethod {
  return Object.prototype.hasOwnProperty.call(LISTS, method);
}
