/**
 * Stdio children still running when the process exits. The SDK's children normally end on
 * stdin EOF when the parent dies; a server that ignores EOF would outlive us, so on `exit`
 * each one still tracked gets SIGTERM (the only thing an exit handler can do synchronously).
 */
const live = new Set<number>();
let hooked = false;

export function trackChild(pid: number | null | undefined): void {
  if (pid === null || pid === undefined) return;
  live.add(pid);
  if (hooked) return;
  hooked = true;
  process.once("exit", endTrackedChildren);
}

export function untrackChild(pid: number | null | undefined): void {
  if (pid !== null && pid !== undefined) live.delete(pid);
}

function endTrackedChildren(): void {
  for (const pid of live) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
  live.clear();
}
