import path from "node:path";
import { discoverEditorConfigs, type FoundConfig } from "../../init/discover.js";
import { initConfig, SCRIPT_NAME, type InitReport } from "../../init/init.js";
import type { InitCliOptions } from "../options.js";
import { EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, failAndExit } from "../exit.js";
import { colorsFor, type Colors } from "../output/colors.js";

export async function runInit(options: InitCliOptions): Promise<number> {
  const cwd = process.cwd();
  const c = colorsFor(process.stdout);
  const out = (line = "") => process.stdout.write(`${line}\n`);
  let files: string[];
  if (options.from !== undefined) files = [path.resolve(cwd, options.from)];
  else {
    const chosen = await chooseConfigs(cwd, options, c, out);
    if (typeof chosen === "number") return chosen;
    files = chosen;
  }
  const report = await initConfig({ cwd, files, force: options.force === true }).catch(failAndExit);
  printReport(report, c, out);
  return EXIT_OK;
}

/** The files to import, or an exit code when there is nothing to import or no way to ask. */
async function chooseConfigs(cwd: string, options: InitCliOptions, c: Colors, out: (line?: string) => void): Promise<string[] | number> {
  const { found, searched } = await discoverEditorConfigs({ cwd });
  for (const config of found.filter((config) => config.problem !== undefined)) {
    process.stderr.write(`mcp-codegen: skipped ${config.file}: ${config.problem}\n`);
  }
  const usable = found.filter((config) => config.problem === undefined && config.servers.length > 0);
  if (usable.length === 0) {
    process.stderr.write(`mcp-codegen: no MCP config with servers found; looked in:\n${searched.map((file) => `  ${file}\n`).join("")}Pass --from <file> to import one from elsewhere.\n`);
    return EXIT_FAILED;
  }
  out(`Found ${usable.length === 1 ? "an MCP config" : `${usable.length} MCP configs`}:`);
  for (const config of usable) out(`  ${c.bold(config.label)} ${c.dim(config.file)}: ${config.servers.join(", ")}`);
  if (options.yes || usable.length === 1) return usable.map((config) => config.file);
  if (process.stdin.isTTY !== true) {
    process.stderr.write("mcp-codegen: several configs found and no terminal to ask: pass --yes to import them all, or --from <file>\n");
    return EXIT_FAILED;
  }
  return ask(usable);
}

async function ask(configs: FoundConfig[]): Promise<string[] | number> {
  const { multiselect, isCancel } = await import("@clack/prompts");
  const picked = await multiselect({
    message: "Import the servers of which configs?",
    options: configs.map((config) => ({ value: config.file, label: config.label, hint: config.servers.join(", ") })),
    initialValues: configs.map((config) => config.file),
    required: true,
  });
  return isCancel(picked) ? EXIT_INTERRUPTED : picked;
}

function printReport(report: InitReport, c: Colors, out: (line?: string) => void): void {
  const servers = report.imported.flatMap((entry) => entry.servers);
  out(`${c.green("✔")} Wrote ${report.configFile} with ${servers.length} server${servers.length === 1 ? "" : "s"} (${servers.join(", ")}) from ${report.imported.map((entry) => entry.file).join(", ")}.`);
  for (const note of report.notes) out(`  ${c.cyan("note")}: ${note}`);
  if (report.variables.length > 0) out(`${c.yellow("!")} Set these environment variables before generating (values were not copied): ${report.variables.join(", ")}`);
  const scripts: Record<InitReport["script"], string> = {
    added: `Added the script "${SCRIPT_NAME}" to package.json.`,
    present: `package.json already has the script "${SCRIPT_NAME}".`,
    kept: `package.json has another "${SCRIPT_NAME}" script: kept it.`,
    "no-package-json": "No package.json here: no script added.",
  };
  out(scripts[report.script]);
  out(`Output: ${report.outDir}/ (snapshot ${report.snapshot}).`);
  const install = [
    report.missing.dependencies.length > 0 ? `npm install ${report.missing.dependencies.join(" ")}` : "",
    report.missing.devDependencies.length > 0 ? `npm install -D ${report.missing.devDependencies.join(" ")}` : "",
  ].filter(Boolean);
  if (install.length > 0) out(`Install: ${c.bold(install.join(" && "))}`);
  out(`Next: ${c.bold(report.script === "added" || report.script === "present" ? `npm run ${SCRIPT_NAME}` : "npx mcp-codegen generate")}`);
}
