/**
 * V8's young generation for a command that captures live servers (`generate` without
 * `--offline`, `check`, `audit --live`).
 *
 * bin.ts keeps the young generation at its first size (1 MB per semi-space): most of what a run
 * from the snapshot allocates dies young, and every page a larger one takes is fresh memory, a
 * page fault the first time it is used. A live listing is different: parsed, checked against the
 * protocol's schema and copied into the snapshot, much of it stays alive, and a 1 MB young
 * generation copies those survivors at nearly every scavenge before it promotes them. A cold
 * 1,000-tool `generate` on Node 20 made 273–281 scavenges taking 211–220 ms; with 4 MB per
 * semi-space, ~70 taking 118–153 ms (docs/performance.md). At 8 MB the gain was gone, and left
 * to grow (to 16 MB), `--offline` runs were 90–140 ms slower: fresh pages cost what it saved.
 *
 * V8 reads the growth factor each time it grows the young generation and takes no new maximum
 * at run time, so the factor goes to 2 and a timer sets it back to 1 once the young generation
 * has reached its size. It changes no behaviour, and only this process's. No command starts a
 * worker thread: one would set the factor back to 2 for good (V8 raises a factor below 2 each
 * time it sets up a heap), as it would undo bin.ts's.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

/** Both semi-spaces of 4 MB, as `getHeapSpaceStatistics` reports the new space's size. */
const LIVE_RUN_NEW_SPACE_BYTES = 8 * 1024 * 1024;

export function growYoungGenerationForLiveListings(): void {
  if (newSpaceBytes() >= LIVE_RUN_NEW_SPACE_BYTES) return;
  setFlagsFromString("--semi-space-growth-factor=2");
  const watch = setInterval(() => {
    if (newSpaceBytes() < LIVE_RUN_NEW_SPACE_BYTES) return;
    setFlagsFromString("--semi-space-growth-factor=1");
    clearInterval(watch);
  }, 5);
  watch.unref();
}

function newSpaceBytes(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? Number.POSITIVE_INFINITY;
}
