/**
 * Which listed fields the snapshot keeps, per entity kind. Anything else a server sends is
 * left out: unknown fields may be volatile (sizes, counters) and would make every capture drift.
 */
export const KEPT_FIELDS = {
  tools: ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta", "execution"],
  resources: ["uri", "name", "title", "description", "mimeType", "annotations", "icons", "_meta"],
  resourceTemplates: ["uriTemplate", "name", "title", "description", "mimeType", "annotations", "icons", "_meta"],
  prompts: ["name", "title", "description", "arguments", "icons", "_meta"],
} as const;

export const KEPT_PROMPT_ARGUMENT_FIELDS = ["name", "title", "description", "required"] as const;

export const KEPT_SERVER_INFO_FIELDS = ["name", "title", "version", "description", "websiteUrl", "icons"] as const;
