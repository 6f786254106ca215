/** Colour only for a terminal, as NO_COLOR / FORCE_COLOR ask (https://no-color.org). */
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export function colorsFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Colors {
  const enabled = !("NO_COLOR" in env) && ("FORCE_COLOR" in env || stream.isTTY === true);
  return pc.createColors(enabled);
}
