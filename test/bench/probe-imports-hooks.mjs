// Module hooks of probe-imports.mjs: each resolved URL's package, to the main thread. A chunk of
// the bundled command counts as loading the packages it inlines (rolldown marks each inlined
// module with a `// node_modules/<package>/…` line).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
  if (name) port.postMessage(name);
  else if (/\/dist\/cli\/[^/]+\.js$/.test(result.url)) for (const inlined of inlinedPackages(result.url)) port.postMessage(inlined);
  return result;
}

function inlinedPackages(url) {
  const text = readFileSync(fileURLToPath(url), "utf8");
  return new Set(Array.from(text.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm), (match) => match[1]));
}
