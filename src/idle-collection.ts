/**
 * One full garbage collection while a capture waits for its servers, in the bundled command only.
 *
 * A cold `generate` loads the SDK, the emitters, the formatter and the tokenizer while the servers
 * start, and the old generation then stands close to V8's first limit. Left alone, V8 crosses it
 * after the listing arrives and marks the heap beside the audit and the emit, on the run's
 * critical path (its write barriers slow the code that runs meanwhile). Collected while the main
 * thread has nothing else to do, the limit is set afresh and a 1,000-tool run makes no other full
 * collection (docs/performance.md).
 *
 * Never in the library: a `generate()` called from an application must not collect that
 * application's heap. `gc` is reachable only through `--expose-gc`, which a command cannot pass on
 * its shebang; set at run time, V8 puts `gc` into contexts created afterwards, so one new context
 * hands it over (the main context stays as it was).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { inBundledCommand } from "./bundled-command.js";

let collect: (() => void) | undefined;

export function collectWhileWaiting(): void {
  if (!inBundledCommand()) return;
  if (collect === undefined) {
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as () => void;
  }
  collect();
}
