/**
 * Stdout noise named as such (issue 29.5), through the built CLI and a real stdio server that
 * prints a coloured banner on stdout (test/servers/noisy-stdout.ts): a server that answers all
 * the same is captured with a `stdout-noise` warning (by `generate` and by `check`); one that never answers fails with the
 * noise as the likely cause, not a bare timeout. The quoted line has its escapes written out and
 * the config's secrets masked.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli, tempProject } from "../helpers/cli.js";
import { repoRoot } from "../helpers/servers.js";

const NOISY = path.join(repoRoot, "test/servers/dist/noisy-stdout.js");
const SECRET = "tok-7f3a9c-never-printed";
const QUOTE = String.raw`"\u{1b}[32mServer started on stdio\u{1b}[0m token=***"`;
const HINT = "a stdio server must write only JSON-RPC messages on stdout and log to stderr (for a server you do not control: its quiet or log-to-stderr option, or a wrapper script that redirects its logging)";

function project(name: string, args: string[], timeout: number): string {
  const dir = tempProject(name);
  const server = { command: "node", args: [NOISY, ...args], env: { NOISY_SECRET: "${NOISY_TOKEN}" } };
  writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { noisy: server }, outDir: "out", timeout }));
  return dir;
}

describe("a stdio server that writes a banner on stdout", () => {
  it("is captured when it answers, with one stdout-noise warning quoting the line", async () => {
    const dir = project("noisy-answers", [], 60_000);
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1", NOISY_TOKEN: SECRET } });
    const output = result.stdout + result.stderr;
    expect(result.status, output).toBe(0);
    const lines = output.split("\n").filter((line) => line.includes("[stdout-noise]"));
    expect(lines).toEqual([`warning: server "noisy" (stdout): wrote text that is not JSON-RPC on stdout (${QUOTE}), which the client skipped: ${HINT} [stdout-noise]`]);
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain("\u001b[32m");

    // `check` captures the same way and says the same, once; it is no drift.
    const checked = await runCli(["check"], { cwd: dir, env: { CI: "1", NOISY_TOKEN: SECRET } });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    expect(checked.stderr.split("\n").filter((line) => line.includes("[stdout-noise]"))).toEqual(lines);
    expect(checked.stdout + checked.stderr).not.toContain(SECRET);
  });

  it("that never answers fails with the noise as the likely cause, not a bare timeout", async () => {
    const dir = project("noisy-mute", ["--mute"], 1_500);
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1", NOISY_TOKEN: SECRET } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `server "noisy": no answer within 1500 ms, likely because it wrote text that is not JSON-RPC on stdout (${QUOTE}): ${HINT}; if it is only slow, raise \`timeout\` in the config: at the top level, or in servers.noisy`,
    );
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it("that exits adds the line to its exit code and stderr", async () => {
    const dir = tempProject("noisy-crash");
    const crash = "console.log('booting v1.2'); console.error('fatal: no config'); process.exit(3)";
    writeFileSync(path.join(dir, "codegen.config.json"), JSON.stringify({ servers: { boot: { command: "node", args: ["-e", crash] } }, outDir: "out", timeout: 60_000 }));
    const result = await runCli(["generate"], { cwd: dir, env: { CI: "1" } });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`server "boot": cannot capture: the server exited with code 3 (last stderr lines: fatal: no config); it wrote text that is not JSON-RPC on stdout ("booting v1.2"): ${HINT}`);
  });
});
