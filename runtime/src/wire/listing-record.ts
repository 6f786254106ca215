/**
 * List results as the server sent them, on a 2026-07-28 connection. There the runtime lists
 * through the SDK, whose response cache serves a result again while its `ttlMs` holds; but the
 * SDK's parse strips what the protocol does not name (annotation extras, a tool's unknown keys),
 * and `generate` captured the listing as sent: the drift guard would see drift that is not there.
 * The record keeps the last complete walk of each list as it came off the wire, and `asSent` puts
 * each item the SDK returned back as the server sent it.
 *
 * A walk is followed by its cursors, not by arrival: pages of walks that overlap (the drift guard
 * and the app listing at once) never mix, and a walk that failed half-way replaces nothing (the
 * SDK then serves the earlier walk from its cache, which is the record's).
 */
import type { Client, JSONRPCMessage, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { isListMethod, LISTS, type ListMethod } from "./lists.js";

type RequestId = string | number;

interface Walk {
  method: ListMethod;
  items: unknown[];
}

/**
 * List requests (and walks waiting for their next page) kept at most: one that is never answered
 * (timed out, its connection's request given up) would otherwise be kept for the connection's
 * life. Beyond it the oldest is forgotten, and its walk, if it ever completes, goes unrecorded.
 */
const MAX_OPEN = 64;

/** Sets `key` in `map`, forgetting the oldest entries beyond MAX_OPEN (a Map keeps insertion order). */
function setBounded<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= MAX_OPEN) break;
    map.delete(oldest);
  }
}

class ListingRecord {
  /** List requests sent and not yet answered, by id: the walk each page belongs to. */
  readonly #asked = new Map<RequestId, Walk>();
  /** Walks waiting for the page a cursor asks for, by method and cursor. */
  readonly #continued = new Map<string, Walk>();
  readonly #complete = new Map<ListMethod, unknown[]>();

  sent(message: JSONRPCMessage): void {
    if (!("method" in message) || !("id" in message) || !isListMethod(message.method)) return;
    const cursor = (message.params as { cursor?: unknown } | undefined)?.cursor;
    if (cursor === undefined) {
      setBounded(this.#asked, message.id, { items: [], method: message.method });
      return;
    }
    // A page of a walk whose start this record did not see is left out.
    const key = typeof cursor === "string" ? continuation(message.method, cursor) : undefined;
    const walk = key === undefined ? undefined : this.#continued.get(key);
    if (walk === undefined || key === undefined) return;
    this.#continued.delete(key);
    setBounded(this.#asked, message.id, walk);
  }

  received(message: JSONRPCMessage): void {
    const id = (message as { id?: unknown }).id;
    if ("method" in message || (typeof id !== "string" && typeof id !== "number")) return;
    const walk = this.#asked.get(id);
    if (walk === undefined) return;
    this.#asked.delete(id);
    // An error, or no list where one belongs: the walk ends unrecorded (the SDK reports it).
    const result = (message as { result?: unknown }).result;
    const items = isRecord(result) ? result[LISTS[walk.method].items] : undefined;
    if (!isRecord(result) || !Array.isArray(items)) return;
    for (const item of items as unknown[]) walk.items.push(item);
    const next = result["nextCursor"];
    if (typeof next === "string" && next !== "") setBounded(this.#continued, continuation(walk.method, next), walk);
    else this.#complete.set(walk.method, walk.items);
  }

  /** `items` (what the SDK returned) with each one the server sent in the last complete walk as sent. */
  asSent<T>(method: ListMethod, items: readonly T[]): T[] {
    const complete = this.#complete.get(method);
    if (complete === undefined) return [...items];
    const key = LISTS[method].key;
    // Item keys are server text (`__proto__` is a tool name like any other): a Map, never an object.
    const byKey = new Map<unknown, unknown[]>();
    for (const item of complete) {
      if (!isRecord(item)) continue;
      const same = byKey.get(item[key]);
      if (same) same.push(item);
      else byKey.set(item[key], [item]);
    }
    return items.map((item) => (isRecord(item) ? ((byKey.get(item[key])?.shift() as T | undefined) ?? item) : item));
  }
}

function continuation(method: string, cursor: string): string {
  return `${method}\u0000${cursor}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const records = new WeakMap<Client, ListingRecord>();

/**
 * Records the list results `transport` carries for `client` while `isModern()` holds (a 2025-era
 * connection lists as sent already: connection/listing.ts). Set before `client.connect`.
 */
export function recordListings(client: Client, transport: Transport, isModern: () => boolean): void {
  const record = new ListingRecord();
  records.set(client, record);
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    if (isModern()) record.sent(message);
    return send(message, options);
  };
  const onmessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (isModern()) record.received(message);
    onmessage?.(message, extra);
  };
}

/** What the SDK listed on `client`, each item as the server sent it (when the record has it). */
export function listedAsSent<T>(client: Client, method: ListMethod, items: readonly T[]): T[] {
  return records.get(client)?.asSent(method, items) ?? [...items];
}
