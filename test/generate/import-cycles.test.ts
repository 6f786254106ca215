/**
 * No generated module imports another in a circle (issue 31): every relative import, re-export
 * and dynamic import of the committed example is followed, and a cycle fails with its path. The finder itself is shown to catch the layout generated code
 * had before (`schemas.ts` took its types from `index.ts`, which imports `schemas.ts`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";

/** Relative module specifiers of `import … from`, `export … from` and `import("…")` in a source. */
function relativeImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]!);
  return [...new Set(specifiers)];
}

/** Module path (relative to the folder, `.ts`) → the modules it imports. */
function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, source] of files) {
    const targets = relativeImports(source).map((specifier) => path.posix.join(path.posix.dirname(file), specifier).replace(/\.js$/, ".ts"));
    graph.set(file, targets.filter((target) => files.has(target)));
  }
  return graph;
}

/** The first import cycle found (its modules, first one repeated at the end), or undefined. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (module: string): string[] | undefined => {
    if (state.get(module) === "done") return undefined;
    if (state.get(module) === "open") return [...stack.slice(stack.indexOf(module)), module];
    state.set(module, "open");
    stack.push(module);
    for (const next of graph.get(module) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(module, "done");
    return undefined;
  };
  for (const module of [...graph.keys()].sort()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return undefined;
}

function generatedFiles(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (name.endsWith(".ts")) files.set(path.relative(folder, file).split(path.sep).join("/"), readFileSync(file, "utf8"));
    }
  };
  walk(folder);
  return files;
}

describe("generated modules import nothing in a circle", () => {
  it("the committed example: every server's index, types, schemas and snapshot modules and the index", () => {
    const files = generatedFiles(path.join(repoRoot, "generated-example"));
    const graph = importGraph(files);
    expect(graph.get("math/index.ts")).toEqual(expect.arrayContaining(["math/types.ts", "math/schemas.ts", "math/snapshot.ts"]));
    expect(graph.get("math/schemas.ts")).toEqual(["math/types.ts"]);
    expect(graph.get("math/types.ts")).toEqual([]);
    expect(findCycle(graph)).toBeUndefined();
  });

  it("the finder reports the cycle of the former layout (schemas.ts importing its types from index.ts)", () => {
    const files = new Map([
      ["s/index.ts", 'import type { A } from "./types.js";\nimport { ASchema } from "./schemas.js";\nexport * from "./schemas.js";\n'],
      ["s/schemas.ts", 'import type { A } from "./index.js";\n'],
      ["s/snapshot.ts", ""],
      ["index.ts", 'import { createSClient } from "./s/index.js";\nconst load = () => import("./s/snapshot.js");\n'],
    ]);
    expect(findCycle(importGraph(files))).toEqual(["s/index.ts", "s/schemas.ts", "s/index.ts"]);
  });
});
