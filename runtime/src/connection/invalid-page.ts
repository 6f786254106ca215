/**
 * A listing page that breaks the protocol's schema, told the way a reader can look it up: the
 * entity by its name and a JSON pointer inside it (`tool "create_issue" /inputSchema/type`),
 * not Zod's path of array indexes. Only the first issues are told: a server whose every tool
 * breaks the same rule would otherwise fill the message's one-line cap with them and push out
 * what follows (the method and page).
 */
import { pointerToken } from "../shared/json-pointer.js";
import type { ListInfo } from "../wire/lists.js";

/** The part of a Zod issue this reads. */
interface PageIssue {
  path?: readonly PropertyKey[];
  message?: string;
}

/** How many issues are told; the rest are counted. */
const TOLD = 3;
/** Server text in a message: an entity's name is shown up to this many characters. */
const NAME_CHARS = 60;

/** Which list a page belongs to: the key of its items (`tools`) and what one item is called (`tool`). */
type PageListing = Pick<ListInfo, "items" | "entity">;

/** `invalid result (tool "create_issue" /inputSchema/type: …; and 6 more)`. */
export function describeInvalidPage(issues: readonly PageIssue[], page: Record<string, unknown>, listing: PageListing): string {
  const told = issues.slice(0, TOLD).map((issue) => describeIssue(issue, page, listing));
  const more = issues.length > TOLD ? `; and ${issues.length - TOLD} more` : "";
  return `invalid result (${told.join("; ")}${more})`;
}

/** Thrown for such a page where the caller words the failure itself; `issues` marks it as an invalid result (src/capture/unavailable.ts). */
export class InvalidPage extends Error {
  readonly issues: readonly PageIssue[];

  constructor(issues: readonly PageIssue[], page: Record<string, unknown>, listing: PageListing) {
    super(describeInvalidPage(issues, page, listing));
    this.name = "InvalidPage";
    this.issues = issues;
  }
}

function describeIssue(issue: PageIssue, page: Record<string, unknown>, listing: PageListing): string {
  const path = issue.path ?? [];
  const message = issue.message ?? "invalid";
  const [key, index, ...inside] = path;
  const items = page[listing.items];
  if (key === listing.items && typeof index === "number" && Array.isArray(items) && index < items.length) {
    const where = inside.length === 0 ? "" : ` ${pointer(inside)}`;
    return `${listing.entity} ${entityLabel(items[index], index)}${where}: ${message}`;
  }
  return `${path.length === 0 ? "(result)" : pointer(path)}: ${message}`;
}

/** `"create_issue"` (quoted, shortened: it is server text), or `#3` when the entity has no usable name. */
export function entityLabel(item: unknown, index: number): string {
  const record = item !== null && typeof item === "object" ? (item as Record<string, unknown>) : {};
  const name = [record["name"], record["uri"], record["uriTemplate"]].find((value) => typeof value === "string");
  if (typeof name !== "string") return `#${index}`;
  return JSON.stringify(name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);
}

/** An RFC 6901 pointer (never the empty one: the callers name the whole entity or result instead). */
function pointer(path: readonly PropertyKey[]): string {
  return `/${path.map((key) => pointerToken(String(key))).join("/")}`;
}
