import type { InitCliOptions } from "../bin.js";

export async function runInit(_options: InitCliOptions): Promise<number> {
  throw new Error("not yet");
}
