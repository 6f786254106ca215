/**
 * Lists whose length a server decides (a listing, a schema's `$defs`, the lines of a description)
 * are never spread into a call's arguments: V8 throws "Maximum call stack size exceeded" past
 * ~130,000 of them. These take any number (test/hostile/long-lists.test.ts).
 */

/** Appends every item of `items` to `target`: a spread into `push`, for any length. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  // Indexed for an array (nearly every call): a `for…of` allocates a result per item until V8
  // optimizes this function, and `generate` calls it for every tool's pieces.
  if (Array.isArray(items)) {
    for (let index = 0; index < items.length; index++) target.push(items[index] as T);
    return target;
  }
  for (const item of items) target.push(item);
  return target;
}

/** The largest of `values` and `floor`, for any number of values. */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let max = floor;
  for (const value of values) if (value > max) max = value;
  return max;
}
