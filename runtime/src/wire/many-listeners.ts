/**
 * An AbortSignal that many listeners share at once, legitimately: Node warns of a leak past 10
 * ("MaxListenersExceededWarning"), which an app would print for nothing. Not 0 ("no limit"):
 * Node 20's `getMaxListeners` throws for a signal whose limit is 0, and fetch asks it on every
 * request (catching the error: an Error with a stack trace per request, measurable on every call).
 */
import { setMaxListeners } from "node:events";

const MANY_LISTENERS = 2 ** 30;

export function allowManyListeners(signal: AbortSignal): void {
  setMaxListeners(MANY_LISTENERS, signal);
}
