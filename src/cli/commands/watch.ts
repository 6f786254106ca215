import type { GenerateCliOptions } from "../bin.js";

export async function runWatch(_options: GenerateCliOptions): Promise<number> {
  throw new Error("not yet");
}
