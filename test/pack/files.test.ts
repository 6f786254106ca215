/**
 * What `npm pack` puts in each package, and what its manifest promises an installing app: the
 * file list `npm pack --dry-run --json` reports for the built packages (`pretest` builds them).
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";
import { GENERATOR_ONLY_PACKAGES } from "./generator-only.js";

interface PackedManifest {
  scripts?: Record<string, string>;
  engines?: Record<string, string>;
  sideEffects?: boolean;
  exports?: Record<string, string | ExportTarget>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** An entry of `exports`: files by condition, or (a dual entry) `import` and `require`, each files by condition. */
type ExportTarget = Record<string, string | Record<string, string>>;

interface Packed {
  dir: string;
  files: string[];
  manifest: PackedManifest;
}

const PACKAGES = {
  // dist/cjs/package.json marks the CommonJS half of the dual runtime ({"type": "commonjs"}).
  runtime: { dir: resolve(repoRoot, "runtime"), allowed: /^(dist\/.+\.(js|d\.ts)|dist\/cjs\/package\.json|package\.json|README\.md|LICENSE)$/ },
  generator: { dir: repoRoot, allowed: /^(dist\/.+\.(js|d\.ts)|dist\/context-cost\/o200k\.bin|dist\/cli\/THIRD-PARTY-NOTICES\.md|templates\/[^/]+\.txt|package\.json|README\.md|LICENSE)$/ },
} as const;
/**
 * npm lifecycle scripts that run in the installing app. `prepare` is not one of them: npm runs
 * it in this repository (npm ci) and for git dependencies, never for a package from the registry.
 */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall"];

async function pack(dir: string): Promise<Packed> {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: dir });
  const [entry] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  const manifest = JSON.parse(readFileSync(resolve(dir, "package.json"), "utf8")) as PackedManifest;
  return { dir, files: (entry?.files ?? []).map((file) => file.path).sort(), manifest };
}

let packing: Promise<Record<keyof typeof PACKAGES, Packed>> | undefined;
/** Both packs, started together on first use. */
function packed(): Promise<Record<keyof typeof PACKAGES, Packed>> {
  packing ??= Promise.all([pack(PACKAGES.runtime.dir), pack(PACKAGES.generator.dir)]).then(([runtime, generator]) => ({ runtime, generator }));
  return packing;
}

describe.each(["runtime", "generator"] as const)("npm pack of the %s package", (name) => {
  it("holds only dist/ (.js and .d.ts), README, LICENSE and package.json (and the generator's templates, token rank table and the notices of the packages its command inlines)", async () => {
    const { files } = (await packed())[name];
    expect(files.filter((file) => !PACKAGES[name].allowed.test(file))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.d.ts"]));
  });

  it("ships no source map references to sources it does not ship", async () => {
    const { dir, files } = (await packed())[name];
    const mapped = files.filter((file) => file.endsWith(".js") && readFileSync(resolve(dir, file), "utf8").includes("sourceMappingURL"));
    expect(mapped).toEqual([]);
  });

  it("runs no script when installed, and declares engines and typed exports that are in the pack", async () => {
    const { files, manifest } = (await packed())[name];
    expect(Object.keys(manifest.scripts ?? {}).filter((script) => INSTALL_SCRIPTS.includes(script))).toEqual([]);
    // Not even `prepare` (npm runs it for git and local installs): nothing for an installing app to run or miss.
    expect(manifest.scripts?.["prepare"]).toBeUndefined();
    // What the docs promise: 20.19 on the 20 line (require of ES modules, oxfmt's own floor), 22.12 after.
    expect(manifest.engines?.["node"]).toBe("^20.19.0 || >=22.12.0");
    expect(manifest.sideEffects).toBe(false);
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target === "string") continue; // "./package.json"
      // A dual entry (the runtime's public ones) has `import` and `require`, each typed on its own.
      const entries: Array<[string, string | Record<string, string>]> = typeof target["types"] === "string" ? [["", target as Record<string, string>]] : Object.entries(target);
      for (const [condition, entry] of entries) {
        const where = `exports["${subpath}"]${condition && `.${condition}`}`;
        expect(typeof entry, where).toBe("object");
        if (typeof entry === "string") continue;
        expect(Object.keys(entry)[0], `${where} lists types first`).toBe("types");
        for (const file of Object.values(entry)) expect(files, where).toContain(file.replace(/^\.\//, ""));
      }
    }
  });
});

describe("the generator's pack", () => {
  it("ships the token counter's rank table where the command and the library read it, and not the package it is built from", async () => {
    const { files, manifest } = (await packed()).generator;
    expect(files).toContain("dist/context-cost/o200k.bin");
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain("gpt-tokenizer");
  });
});

describe("the runtime's manifest", () => {
  it("serves its public entries to import and to require, the CommonJS half under a CommonJS marker", async () => {
    const { dir, files, manifest } = (await packed()).runtime;
    for (const subpath of [".", "./compat", "./ai-sdk", "./openai-agents"]) {
      const target = manifest.exports?.[subpath];
      expect(typeof target === "object" && Object.keys(target), subpath).toEqual(["import", "require"]);
      const require = typeof target === "object" ? target["require"] : undefined;
      expect(typeof require === "object" && Object.values(require).every((file) => typeof file === "string" && file.startsWith("./dist/cjs/")), subpath).toBe(true);
    }
    expect(files).toContain("dist/cjs/package.json");
    expect(JSON.parse(readFileSync(resolve(dir, "dist/cjs/package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("depends on nothing of the generator and takes zod as its one required peer (every framework's package optional, @langchain/core among them)", async () => {
    const { manifest } = (await packed()).runtime;
    const dependencies = Object.keys(manifest.dependencies ?? {});
    expect(dependencies.filter((dependency) => GENERATOR_ONLY_PACKAGES.includes(dependency))).toEqual([]);
    expect(dependencies).not.toContain("zod");
    expect(dependencies).not.toContain("@langchain/core");
    const optional = new Set(Object.entries(manifest.peerDependenciesMeta ?? {}).filter(([, meta]) => meta.optional === true).map(([name]) => name));
    expect(Object.keys(manifest.peerDependencies ?? {}).filter((peer) => !optional.has(peer)).sort()).toEqual(["zod"]);
    // Each framework target's package is an optional peer: an app installs only the frameworks it uses.
    expect([...optional].sort()).toEqual(expect.arrayContaining(["@langchain/core", "@openai/agents", "ai"]));
  });
});
