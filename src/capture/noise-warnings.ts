/**
 * One warning per stdio server that wrote text that is not JSON-RPC on stdout but answered all
 * the same: the capture succeeded (the SDK skips such lines), yet the same noise can swallow an
 * answer at run time, and its logging is lost to whoever reads the server's stderr.
 */
import type { EmitWarning } from "../emit/server-module.js";
import type { RawCapture } from "./capture.js";

export function stdoutNoiseWarnings(raw: RawCapture): EmitWarning[] {
  return Object.entries(raw.servers).flatMap(([server, listing]) =>
    listing.stdoutNoise === undefined
      ? []
      : [{ rule: "stdout-noise", subject: `server "${server}"`, pointer: "(stdout)", message: listing.stdoutNoise }],
  );
}
