/**
 * `await using` for clients, in every project's lib. `Symbol.asyncDispose` exists only where the
 * project's lib declares it (`esnext.disposable`, `es2025`+ targets, or @types/node); a generated
 * client that named it directly would not compile in a stock Vite app (`lib: ["ES2023", "DOM"]`)
 * or under `tsc --init`'s `types: []`. So the disposer is a type that reads the project's own
 * `SymbolConstructor`: the method where the lib has the symbol, nothing where it has not.
 */

/** `{ [Symbol.asyncDispose](): Promise<void> }` where the project's lib declares `Symbol.asyncDispose`, else `{}`. */
export type AsyncDisposer = typeof Symbol extends { readonly asyncDispose: infer Key extends symbol } ? { [K in Key]: () => Promise<void> } : unknown;

/**
 * `target` with `dispose` under `Symbol.asyncDispose` when the running engine has that symbol
 * (Node.js 20 and later have it; older browsers may not, and there the client simply lacks it).
 */
export function withAsyncDispose<T extends object>(target: T, dispose: () => Promise<void>): T & AsyncDisposer {
  const key = (Symbol as { readonly asyncDispose?: symbol }).asyncDispose;
  if (key !== undefined) Object.defineProperty(target, key, { value: dispose, configurable: true, writable: true, enumerable: false });
  return target as T & AsyncDisposer;
}
