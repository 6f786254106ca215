/**
 * Per-server progress while capturing. On a terminal each server has a live line (spinner,
 * then ✔ with its counts or ✖ with the cause), redrawn by log-update; elsewhere a plain line
 * is printed when a server is done. Nothing in quiet and JSON modes.
 */
import type { CaptureEvent } from "../../capture/capture.js";
import { colorsFor, type Colors } from "./colors.js";
import type { OutputMode } from "./mode.js";
import { duration, listingWords } from "./words.js";

export interface Progress {
  onEvent(event: CaptureEvent): void;
  /** Ends the live lines (leaving their last state on screen). */
  stop(): void;
}

const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
const FRAME_MS = 80;

export async function createProgress(mode: OutputMode): Promise<Progress> {
  if (mode === "live") return liveProgress(colorsFor(process.stdout));
  if (mode === "plain") return plainProgress(colorsFor(process.stdout));
  return { onEvent: () => undefined, stop: () => undefined };
}

function plainProgress(c: Colors): Progress {
  return {
    onEvent(event) {
      if (event.kind === "captured") process.stdout.write(`${c.green("✔")} ${event.server}: ${listingWords(event.counts)} (${duration(event.ms)})\n`);
      if (event.kind === "failed") process.stdout.write(`${c.red("✖")} ${event.server}: failed (${duration(event.ms)})\n`);
    },
    stop: () => undefined,
  };
}

async function liveProgress(c: Colors): Promise<Progress> {
  const { createLogUpdate } = await import("log-update");
  const render = createLogUpdate(process.stdout);
  const lines = new Map<string, (frame: string) => string>();
  let frame = 0;
  const draw = () => render([...lines.values()].map((line) => line(SPINNER_FRAMES[frame % SPINNER_FRAMES.length] ?? "-")).join("\n"));
  const timer = setInterval(() => {
    frame++;
    draw();
  }, FRAME_MS);
  timer.unref();
  return {
    onEvent(event) {
      if (event.kind === "start") lines.set(event.server, (spin) => `${c.cyan(spin)} ${event.server} ${c.dim("connecting…")}`);
      if (event.kind === "captured") lines.set(event.server, () => `${c.green("✔")} ${event.server} ${c.dim(`${listingWords(event.counts)} (${duration(event.ms)})`)}`);
      if (event.kind === "failed") lines.set(event.server, () => `${c.red("✖")} ${event.server} ${c.dim(event.message)}`);
      draw();
    },
    stop() {
      clearInterval(timer);
      if (lines.size > 0) {
        draw();
        render.done();
      }
    },
  };
}
