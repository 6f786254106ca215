/**
 * Framework packages are peers the app installs (or not): each adapter loads its own on first
 * use, and one that is missing is one line naming it and the command that installs it.
 */

/** A peer dependency the app did not install: one line naming it and the command that fixes it. */
export class MissingPeerError extends Error {
  override name = "MissingPeerError";
  constructor(
    readonly packageName: string,
    range: string,
  ) {
    super(`@mcp-codegen/runtime needs the peer dependency ${packageName} (${range}), which is not installed: npm i ${packageName}`);
  }
}

export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes(`'${packageName}`);
}

/** `load()` once per process; a missing `packageName` becomes a MissingPeerError (and the next call tries again). */
export function peerLoader<T>(packageName: string, range: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw isMissingPackage(error, packageName) ? new MissingPeerError(packageName, range) : error;
    }));
}
