/** The runnable example of docs/elicitation-interrupt.md runs as written (built runtime, own process). */
import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { repoRoot } from "../helpers/servers.js";

it("test/examples/elicitation-interrupt.ts interrupts, restarts and finishes", () => {
  const output = execFileSync(process.execPath, ["--import", "jiti/register", "test/examples/elicitation-interrupt.ts"], { cwd: repoRoot, encoding: "utf8", timeout: 60_000 });
  expect(output).toContain("interrupted: everything/trigger-elicitation-request asks (form)");
  expect(output).toContain("server answered: ✅ User provided the requested information!");
  expect(output).toContain("agent: Profile saved.");
});
