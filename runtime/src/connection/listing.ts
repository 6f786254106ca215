/** Follows `nextCursor` through every page of a list request, refusing cursor loops. */
import { ProtocolError } from "../shared/runtime-errors.js";

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
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined || cursor === "") return items;
    if (seen.has(cursor)) throw new ProtocolError(server, `${what} listing repeats cursor ${JSON.stringify(cursor)}`);
    seen.add(cursor);
  }
  throw new ProtocolError(server, `${what} listing has more than ${MAX_PAGES} pages`);
}
