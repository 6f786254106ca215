// Preloaded (--import) into a CLI process by command-imports.ts: records which packages under
// node_modules the process loads (ES imports through a resolve hook, require() through
// Module._load) and writes their names to $PROBE_OUT when the process exits.
import Module, { register } from "node:module";
import { writeFileSync } from "node:fs";

const seen = new Set();
const packageOf = (file) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)?.[1];
const { port1, port2 } = new MessageChannel();
port1.on("message", (name) => seen.add(name));
port1.unref();
register(new URL("./probe-imports-hooks.mjs", import.meta.url), { data: { port: port2 }, transferList: [port2] });
const load = Module._load;
Module._load = function (request, parent, isMain) {
  const loaded = load.apply(this, arguments);
  // A package's manifest (the emitter fingerprint reads versions) is not loading the package.
  if (String(request).endsWith("/package.json")) return loaded;
  try {
    const name = packageOf(Module._resolveFilename(request, parent, isMain));
    if (name) seen.add(name);
  } catch {
    // a builtin
  }
  return loaded;
};
process.on("exit", () => writeFileSync(process.env.PROBE_OUT, JSON.stringify([...seen].sort())));
