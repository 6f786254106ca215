/** The default token store of `createRuntime`: a map that lives as long as the runtime. */
import type { OAuthRecord, OAuthStore, OAuthStoreKey } from "./types.js";

export function memoryOAuthStore(): OAuthStore {
  const records = new Map<string, OAuthRecord>();
  /** Per key, the end of the last flow that holds or waits for it. */
  const held = new Map<string, Promise<void>>();
  const id = (key: OAuthStoreKey) => `${key.url}\n${key.client}`;
  return {
    load: (key) => records.get(id(key)),
    save: (key, record) => {
      records.set(id(key), record);
    },
    delete: (key) => {
      records.delete(id(key));
    },
    // Sessions of one runtime (the shared connection, explicit sessions) take turns.
    lock: async (key) => {
      const name = id(key);
      const before = held.get(name) ?? Promise.resolve();
      let release!: () => void;
      const mine = new Promise<void>((resolve) => (release = resolve));
      const tail = before.then(() => mine);
      held.set(name, tail);
      await before;
      return async () => {
        release();
        if (held.get(name) === tail) held.delete(name);
      };
    },
  };
}
