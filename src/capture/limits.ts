/**
 * Caps on what one server may list at capture, so a hostile or broken server gets a clear
 * error instead of exhausting memory or the stack of later stages. Both can be raised in
 * codegen.config, for every server or one (`maxListingBytes`, `maxSchemaDepth`).
 */
import { CodegenError, pointerToken } from "@mcp-codegen/runtime/internal";

/** A real listing of a thousand tools is a few MB; this leaves room for far larger ones. */
export const DEFAULT_MAX_LISTING_BYTES = 16 * 1024 * 1024;

/** JSON nesting (objects and arrays) of one listed entity; real schemas stay far below. */
export const DEFAULT_MAX_SCHEMA_DEPTH = 100;

export interface CaptureLimits {
  maxListingBytes: number;
  maxSchemaDepth: number;
}

/** `server "x": <what>, over the cap maxX: N; raise it …`: names the cap and how to raise it. */
function capError(subject: string, what: string, option: keyof CaptureLimits, limit: number): CodegenError {
  const message = `${what}, over the cap \`${option}: ${limit}\`; raise it in codegen.config (top level or for this server) to allow more`;
  return new CodegenError("server", message, { subject });
}

export function listingTooLarge(subject: string, limit: number): CodegenError {
  return capError(subject, `listing is larger than ${formatBytes(limit)}`, "maxListingBytes", limit);
}

/** Adds up the JSON size of every page of one server's listing and stops at the cap. */
export class ListingBudget {
  #bytes = 0;

  constructor(
    private readonly subject: string,
    private readonly limit: number,
  ) {}

  /** Call only after `checkDepth`: serialising a too-deep value would exhaust the stack. */
  add(items: readonly unknown[]): void {
    this.#bytes += Buffer.byteLength(JSON.stringify(items));
    if (this.#bytes > this.limit) throw listingTooLarge(this.subject, this.limit);
  }
}

/** An object or array met by `checkDepth`, with the way back to the entity (for the error's pointer). */
interface Nested {
  value: object;
  depth: number;
  key: string | number;
  parent: Nested | undefined;
}

/**
 * Throws when `entity` nests objects and arrays more than `limit` levels deep; never recurses.
 * Only objects and arrays are stacked, by indexed loops: it runs over every value of a live
 * listing, on the capture's critical path, and most values are strings and numbers.
 */
export function checkDepth(subject: string, what: string, entity: unknown, limit: number): void {
  if (!isNested(entity)) return;
  const stack: Nested[] = [{ value: entity, depth: 0, key: "", parent: undefined }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.depth >= limit) {
      throw capError(subject, `${what} nests more than ${limit} levels deep (at ${pointerOf(node)})`, "maxSchemaDepth", limit);
    }
    if (Array.isArray(node.value)) {
      for (let index = 0; index < node.value.length; index++) {
        const value: unknown = node.value[index];
        if (isNested(value)) stack.push({ value, depth: node.depth + 1, key: index, parent: node });
      }
      continue;
    }
    const record = node.value as Record<string, unknown>;
    const keys = Object.keys(record);
    for (let index = 0; index < keys.length; index++) {
      const value = record[keys[index]!];
      if (isNested(value)) stack.push({ value, depth: node.depth + 1, key: keys[index]!, parent: node });
    }
  }
}

function isNested(value: unknown): value is object {
  return value !== null && typeof value === "object";
}

function pointerOf(node: Nested): string {
  const keys: string[] = [];
  for (let at: Nested | undefined = node; at?.parent; at = at.parent) keys.push(pointerToken(String(at.key)));
  const pointer = `/${keys.reverse().join("/")}`;
  return pointer.length > 80 ? `${pointer.slice(0, 79)}…` : pointer;
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${bytes} bytes`;
}
