/**
 * How a stdio child is ended (data only; child-registry.ts does it). A server gets stdin EOF
 * first and the first grace to exit on its own, then SIGTERM and the second grace, then
 * SIGKILL: `close()` resolves in well under 200 ms whatever the server does (the SDK on its
 * own waits 2 s after EOF and 2 s after SIGTERM).
 */
export const CHILD_END_GRACE_MS: ReadonlyArray<readonly [NodeJS.Signals, number]> = [
  ["SIGTERM", 50],
  ["SIGKILL", 50],
];

/** Signals that end the process by default and after which no child should be left. */
export const ENDING_SIGNALS: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
