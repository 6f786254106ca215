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

/** Throws when `entity` nests objects and arrays more than `limit` levels deep; never recurses. */
export function checkDepth(subject: string, what: string, entity: unknown, limit: number): void {
  interface Node {
    value: unknown;
    depth: number;
    key: string;
    parent: Node | undefined;
  }
  const stack: Node[] = [{ value: entity, depth: 0, key: "", parent: undefined }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.value === null || typeof node.value !== "object") continue;
    if (node.depth >= limit) {
      throw capError(subject, `${what} nests more than ${limit} levels deep (at ${pointerOf(node)})`, "maxSchemaDepth", limit);
    }
    for (const [key, value] of Object.entries(node.value)) stack.push({ value, depth: node.depth + 1, key, parent: node });
  }

  function pointerOf(node: Node): string {
    const keys: string[] = [];
    for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.push(pointerToken(at.key));
    const pointer = `/${keys.reverse().join("/")}`;
    return pointer.length > 80 ? `${pointer.slice(0, 79)}…` : pointer;
  }
}

function formatBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return mib >= 1 ? `${Number(mib.toFixed(1))} MiB` : `${bytes} bytes`;
}
