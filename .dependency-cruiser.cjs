/**
 * Import rules, checked in `npm test` (test/architecture.test.ts): no cycles anywhere, and the
 * runtime's layers with arrows only downward:
 *
 *   adapters (langchain, compat, …) → calls → connection → wire → shared
 *
 * Type-only imports count for cycles (a cycle of types is still a knot to untie) but not for
 * the layer rules: the public option types in shared/types.ts name interfaces of every layer.
 */
const LAYERS = ["shared|drift", "wire", "connection", "calls", "adapters"];
const R = "(^|/)runtime/src/";
const layerPath = (layer) => `${R}(${layer})/`;

/** Each layer may not import from any layer above it. */
const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${layer.split("|")[0]}`,
  comment: `${layer} may import only from the layers below it`,
  severity: "error",
  from: { path: layerPath(layer) },
  to: { path: LAYERS.slice(index + 1).map(layerPath), dependencyTypesNot: ["type-only"] },
}));

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    ...layerRules,
    {
      name: "sdk-only-in-wire",
      comment: "only the wire layer loads the MCP SDK (types may be imported anywhere)",
      severity: "error",
      from: { path: R, pathNot: `${R}(wire/|internal/)` },
      to: { path: "node_modules/@modelcontextprotocol/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "runtime-without-generator",
      comment: "the runtime never imports the generator or its heavy dependencies",
      severity: "error",
      from: { path: R },
      to: { path: ["^src/", "node_modules/(ts-morph|prettier|json-schema-to-typescript|commander|typescript|jiti|@clack)/"] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(runtime/|test/servers/)?dist/" },
  },
};
