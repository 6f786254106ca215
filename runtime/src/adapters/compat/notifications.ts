/**
 * The peer's notification options (`onMessage`, `onProgress`, `on{Tools,Prompts,Resources}ListChanged`)
 * as runtime callbacks, each told its source the way the peer tells it: `{ server, options }`
 * (the server's entry) or, for progress, `{ type, name, server }`.
 */
import type { LoggingMessage, ListChangedKind, ProgressUpdate, RuntimeCallbacks } from "../../shared/types.js";

interface ServerSource<C> {
  server: string;
  options: C;
}

type Listener<C> = (source: ServerSource<C>) => void | Promise<void>;

export interface NotificationOptions<C> {
  /** `notifications/message` from a server. */
  onMessage?: (message: LoggingMessage, source: ServerSource<C>) => void | Promise<void>;
  /** Progress of a tool call (`type: "tool"`) or another request (`type: "unknown"`). */
  onProgress?: (progress: ProgressUpdate, source: { type: "tool" | "unknown"; name?: string; server: string }) => void | Promise<void>;
  onToolsListChanged?: Listener<C>;
  onPromptsListChanged?: Listener<C>;
  onResourcesListChanged?: Listener<C>;
}

const LIST_CHANGED: Record<ListChangedKind, "onToolsListChanged" | "onPromptsListChanged" | "onResourcesListChanged"> = {
  tools: "onToolsListChanged",
  prompts: "onPromptsListChanged",
  resources: "onResourcesListChanged",
};

/** The runtime callbacks for `options`, over `callbacks` (which win where both are given). */
export function notificationCallbacks<C>(options: NotificationOptions<C>, connections: Record<string, C>, callbacks: RuntimeCallbacks = {}): RuntimeCallbacks {
  const { onMessage, onProgress } = options;
  const listens = Object.values(LIST_CHANGED).some((key) => options[key] !== undefined);
  const source = (server: string): ServerSource<C> => ({ server, options: connections[server]! });
  return {
    ...(onMessage ? { onLoggingMessage: (message, from) => void onMessage(message, source(from.server)) } : {}),
    ...(onProgress
      ? { onProgress: (update, from) => void onProgress(update, from.name === undefined ? { type: "unknown", server: from.server } : { type: "tool", name: from.name, server: from.server }) }
      : {}),
    ...(listens ? { onListChanged: (kind, from) => void options[LIST_CHANGED[kind]]?.(source(from.server)) } : {}),
    ...callbacks,
  };
}
