// Module hooks of probe-imports.mjs: each resolved URL's package, to the main thread.
let port;
export function initialize(data) {
  port = data.port;
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  const name = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(result.url)?.[1];
  if (name) port.postMessage(name);
  return result;
}
