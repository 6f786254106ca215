/** Every item of a list, on either era's connection; `nextCursor` followed through every page, cursor loops refused. */
import type { Client, RequestOptions, StandardSchemaV1 } from "@modelcontextprotocol/client";
import { loadPageSchema } from "../wire/page-schemas.js";
import { isLegacyConnection } from "../wire/era-2025.js";
import { listedAsSent } from "../wire/listing-record.js";
import { LISTS, type ListMethod } from "../wire/lists.js";
import { ProtocolError } from "../shared/errors.js";
import { InvalidPage } from "./invalid-page.js";
import { pushAll } from "../shared/lists.js";

/** A server that pages forever is broken; this many pages is far beyond any real listing. */
const MAX_PAGES = 1_000;

export async function collectPages<T>(
  server: string,
  what: string,
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    pushAll(items, result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === "") return items;
    if (seen.has(cursor)) throw new ProtocolError(server, `${what} listing repeats cursor ${JSON.stringify(cursor)}`);
    seen.add(cursor);
  }
  throw new ProtocolError(server, `${what} listing has more than ${MAX_PAGES} pages`);
}

/**
 * Takes a page as the server sent it. The SDK's own result schema, applied by `request`, would
 * strip what the protocol does not name (annotation extras) and drop `__proto__` keys (a
 * property may be named so): the drift guard must see what `generate` captured, as it captured
 * it (src/capture takes its pages with this too). The page is checked against the protocol's schema apart.
 */
export const AS_SENT: StandardSchemaV1<unknown, Record<string, unknown>> = {
  "~standard": {
    version: 1,
    vendor: "mcp-codegen",
    validate: (value) => (value !== null && typeof value === "object" && !Array.isArray(value) ? { value: value as Record<string, unknown> } : { issues: [{ message: "expected an object" }] }),
  },
};

/**
 * Every item of a list, as the server sent it, on a connection of either era. A 2025-era
 * connection walks the pages itself (`listPagesOf`). A 2026-07-28 connection uses the SDK's walk:
 * it also serves fresh results from the response cache (`ttlMs`) and caps the pages; its items
 * are then put back as sent (wire/listing-record.ts).
 */
export async function listAll<T>(client: Client, server: string, method: ListMethod, options: RequestOptions | undefined): Promise<T[]> {
  if (isLegacyConnection(client)) return listPagesOf<T>(client, server, method, options);
  return listedAsSent(client, method, (await SDK_WALKS[method](client, options)) as T[]);
}

/** The SDK's walk of each list. */
const SDK_WALKS: { readonly [M in ListMethod]: (client: Client, options: RequestOptions | undefined) => Promise<unknown[]> } = {
  "tools/list": (client, options) => client.listTools(undefined, options).then((page) => page.tools),
  "resources/list": (client, options) => client.listResources(undefined, options).then((page) => page.resources),
  "resources/templates/list": (client, options) => client.listResourceTemplates(undefined, options).then((page) => page.resourceTemplates),
  "prompts/list": (client, options) => client.listPrompts(undefined, options).then((page) => page.prompts),
};

/**
 * Every page of a list, page by page, so that a cursor loop is an error naming the list (the
 * SDK's own walk stops silently on a page that repeats its cursor, returning part of the list).
 */
async function listPagesOf<T>(client: Client, server: string, method: ListMethod, options: RequestOptions | undefined): Promise<T[]> {
  const list = LISTS[method];
  const schema = await loadPageSchema(method);
  return collectPages(server, method, async (cursor) => {
    const page = await client.request({ method, params: cursor === undefined ? {} : { cursor } } as never, AS_SENT, options);
    const checked = schema.safeParse(page);
    if (!checked.success) {
      const invalid = new InvalidPage(checked.error.issues, page, list);
      throw new ProtocolError(server, `${method} answered with an ${invalid.message}`, { cause: invalid });
    }
    const nextCursor = typeof page["nextCursor"] === "string" ? page["nextCursor"] : undefined;
    return { items: (page[list.items] ?? []) as T[], nextCursor };
  });
}
