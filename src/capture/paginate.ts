/**
 * Follow `nextCursor` through every page of a list, with a page cap and cursor-loop detection
 * so a misbehaving server cannot keep the generator busy forever.
 */
import { CodegenError } from "../shared/errors.js";

export const MAX_PAGES = 1_000;

export interface Page<T> {
  items: T[];
  nextCursor?: string | undefined;
}

export async function collectPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  subject: string,
  maxPages = MAX_PAGES,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await fetchPage(cursor);
    items.push(...result.items);
    cursor = result.nextCursor;
    if (cursor === undefined) return items;
    if (seen.has(cursor)) throw new CodegenError("server", `repeated pagination cursor after ${page + 1} pages`, { subject });
    seen.add(cursor);
  }
  throw new CodegenError("server", `more than ${maxPages} pages listed`, { subject });
}
