/**
 * Colour as picocolors detects it (https://no-color.org): a non-empty NO_COLOR turns it off, an
 * empty one is no request; FORCE_COLOR turns it on, except `FORCE_COLOR=0` or `false`, which
 * asks for none (picocolors itself reads any value as on; Node and chalk read 0 as off); else
 * only on a terminal whose TERM is not `dumb`.
 */
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

export function colorsFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Colors {
  return pc.createColors(colorEnabled(stream.isTTY === true, env));
}

export function colorEnabled(isTTY: boolean, env: NodeJS.ProcessEnv): boolean {
  if (env["NO_COLOR"] !== undefined && env["NO_COLOR"] !== "") return false;
  const force = env["FORCE_COLOR"];
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  return isTTY && env["TERM"] !== "dumb";
}
