/** The default token store of `createRuntime`: a map that lives as long as the runtime. */
import type { OAuthRecord, OAuthStore, OAuthStoreKey } from "./types.js";

export function memoryOAuthStore(): OAuthStore {
  const records = new Map<string, OAuthRecord>();
  const id = (key: OAuthStoreKey) => `${key.url}\n${key.client}`;
  return {
    load: (key) => records.get(id(key)),
    save: (key, record) => {
      records.set(id(key), record);
    },
    delete: (key) => {
      records.delete(id(key));
    },
  };
}
