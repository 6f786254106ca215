/** The anchor of generated relative paths: the nearest project package.json above a module. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { pathFromProjectRoot } from "../../runtime/src/shared/paths.js";
import { findProjectRoot } from "../../runtime/src/shared/project-root.js";

function tree(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "project-root-"));
  writeFileSync(path.join(root, "package.json"), JSON.stringify({ name: "app", type: "module" }));
  // A `type`-only marker, as dual builds write into dist/ and Next into .next/.
  mkdirSync(path.join(root, "dist/src/generated/math"), { recursive: true });
  writeFileSync(path.join(root, "dist/package.json"), JSON.stringify({ type: "commonjs" }));
  return root;
}

describe("findProjectRoot", () => {
  it("walks up past type-only package.json markers to the project's manifest", () => {
    const root = tree();
    expect(findProjectRoot(path.join(root, "dist/src/generated/math"))).toBe(root);
    expect(findProjectRoot(root)).toBe(root);
  });

  it("a nested package with a manifest of its own is its own root", () => {
    const root = tree();
    mkdirSync(path.join(root, "packages/web/src"), { recursive: true });
    writeFileSync(path.join(root, "packages/web/package.json"), JSON.stringify({ name: "web" }));
    expect(findProjectRoot(path.join(root, "packages/web/src"))).toBe(path.join(root, "packages/web"));
  });

  it("pathFromProjectRoot resolves from the root for a module in any folder below it", () => {
    const root = tree();
    const compiled = pathToFileURL(path.join(root, "dist/src/generated/math/index.js")).href;
    const bundled = pathToFileURL(path.join(root, "dist/app.mjs")).href;
    expect(pathFromProjectRoot(compiled, "servers")).toBe(path.join(root, "servers"));
    expect(pathFromProjectRoot(bundled, ".")).toBe(root);
  });
});
