#!/usr/bin/env node
/**
 * The `mcp-codegen` command. Only this folder prints. Command modules are imported when their
 * command runs, so `--help` never loads the generator.
 */
import { setFlagsFromString } from "node:v8";
import { Command, CommanderError, Option } from "commander";
import { EXIT_FAILED, failAndExit } from "./exit.js";
import { growYoungGenerationForLiveListings } from "./young-generation.js";
import type { AuditCliOptions, CheckCliOptions, DiffCliOptions, GenerateCliOptions, InitCliOptions } from "./options.js";

// A CLI run is short, and V8's optimizing compiler spends more time inlining into the hot
// functions of prettier, TypeScript and the emitters than the inlined code then saves: with a
// smaller inlining budget a first `generate` of 1,000 tools took 2.9 s instead of 3.3 s
// (test/bench/codegen.ts). It changes no behaviour, and only this process's: the library
// (`generate()`) leaves V8 as its host configured it.
setFlagsFromString("--max-inlined-bytecode-size-cumulative=100");
// Node 20's V8 (11.x) has no mid-tier compiler: a function goes to TurboFan once it has run through
// a budget of 67,584 bytes of bytecode, which a run this short reaches for hundreds of functions
// before their types settle, and the compile jobs take the second core from the formatter's thread
// and a listing server starting up. With eight times the budget, only the really hot functions are
// optimized: 1,000 tools, paired alternating runs, cold `generate` −110 ms wall and −385 ms CPU
// (20 pairs), `--offline` −60 ms wall and −195 ms CPU (30 pairs), medians; docs/performance.md.
// Node 22+ (V8 12+) optimizes with Maglev first and counts calls instead, and does not know this
// flag (V8 prints an error for one it does not know: test/cli/v8-flags.test.ts); raising its
// TurboFan count gained nothing on Node 24 (12 paired cold runs, +10 ms).
if (process.versions.v8.startsWith("11.")) setFlagsFromString("--interrupt-budget=540672");
// V8 doubles the young generation (up to 16 MB per semi-space) as a run allocates, and each of
// its pages is fresh memory the first time it is used: a page fault, ~10 µs each on a small VM.
// Kept at its first size (set before the generator's modules load: commands import them later),
// a 1,000-tool `generate --offline` takes ~16,500 faults instead of ~23,500, as with `node
// --max-semi-space-size=2`, which a shebang cannot pass portably; the run 1.01 → 0.88 s on Node
// 20, 0.92 → 0.83 s on Node 24 (docs/performance.md). Only this process, as above. A command
// that captures live servers lets it grow to 4 MB (young-generation.ts).
setFlagsFromString("--semi-space-growth-factor=1");

const program = new Command()
  .name("mcp-codegen")
  .description("Typed TypeScript and LangChain.js bindings from MCP servers, with drift checks.")
  .version("0.1.0")
  .showHelpAfterError()
  // Usage errors (unknown command or option, bad choice) exit 2, never 1: 1 means drift.
  .exitOverride();

program
  .command("init")
  .description("write codegen.config.ts from the MCP servers your editors already list (secrets become ${VAR} placeholders)")
  .option("--from <file>", "import this MCP config (Claude Desktop, Claude Code, Cursor, VS Code, Windsurf) instead of searching")
  .option("-y, --yes", "import every config found, without asking")
  .option("--force", "overwrite an existing codegen.config")
  .action(async (options: InitCliOptions) => {
    const { runInit } = await import("./commands/init.js");
    process.exitCode = await runInit(options);
  });

program
  .command("generate")
  .description("connect to the configured servers, snapshot their listings and emit typed modules")
  .option("-c, --config <file>", "config file (default: codegen.config.{ts,mts,js,mjs,json})")
  .option("--offline", "regenerate from the committed snapshot without starting any server")
  .option("--check", "write nothing; exit 1 and list stale files when the output differs from disk")
  .option("-q, --quiet", "print only problems")
  .option("--json", "print a machine-readable report of the run instead")
  .option("--server <name...>", "capture only these servers; the snapshot keeps the others")
  .option("-w, --watch", "regenerate when the config, a local server script or a server's listing changes")
  .option("--no-cache", "do not reuse formatted code from node_modules/.cache/mcp-codegen")
  .option("--context-cost", "print the tokens each tool costs in the model's context, per server, tool and target (also with --check)")
  .option("-v, --verbose", "print every audit finding, not only their count")
  .action(async (options: GenerateCliOptions) => {
    if (options.offline !== true) growYoungGenerationForLiveListings();
    const { runGenerate } = await import("./commands/generate.js");
    process.exitCode = await runGenerate(options);
  });

program
  .command("check")
  .description("compare the live servers with the snapshot and classify every change")
  .option("-c, --config <file>", "config file")
  .addOption(new Option("--fail-on <level>", "lowest level that fails").choices(["breaking", "dangerous", "safe"]))
  .addOption(new Option("--format <format>", "report format").choices(["text", "json", "markdown", "github"]).default("text"))
  .option("--server <name...>", "check only these servers")
  .action(async (options: CheckCliOptions) => {
    growYoungGenerationForLiveListings();
    const { runCheck } = await import("./commands/check.js");
    process.exitCode = await runCheck(options);
  });

program
  .command("audit")
  .description("check every model-visible string of the snapshot (or, with --live, the servers) for tool poisoning")
  .option("-c, --config <file>", "config file")
  .option("--live", "capture the servers now instead of reading the committed snapshot")
  .option("--server <name...>", "audit only these servers")
  .addOption(new Option("--format <format>", "report format").choices(["text", "json", "markdown", "github", "sarif"]).default("text"))
  .option("-o, --output <file>", "write the report to this file instead of stdout (e.g. audit.sarif)")
  .addOption(new Option("--fail-on <level>", "lowest finding level that exits 1").choices(["error", "warning", "note"]))
  .action(async (options: AuditCliOptions) => {
    if (options.live === true) growYoungGenerationForLiveListings();
    const { runAudit } = await import("./commands/audit.js");
    process.exitCode = await runAudit(options);
  });

program
  .command("diff")
  .description("classify the changes between two snapshot files, offline")
  .argument("<old>", "the earlier snapshot file")
  .argument("<new>", "the later snapshot file")
  .option("-c, --config <file>", "config file for drift rules (optional)")
  .addOption(new Option("--fail-on <level>", "lowest level that fails").choices(["breaking", "dangerous", "safe"]))
  .addOption(new Option("--format <format>", "report format").choices(["text", "json", "markdown", "github"]).default("text"))
  .action(async (before: string, after: string, options: DiffCliOptions) => {
    const { runDiffFiles } = await import("./commands/check.js");
    process.exitCode = await runDiffFiles(before, after, options);
  });

program
  .command("login")
  .description("log in to OAuth servers (default: every server with auth.type \"oauth\") and store their tokens outside the project")
  .argument("[server...]", "servers to log in to")
  .option("-c, --config <file>", "config file")
  .option("--no-open", "print the authorization URL instead of opening a browser")
  .option("--timeout <seconds>", "how long to wait for the browser to come back", "300")
  .action(async (servers: string[], options: import("./commands/login.js").LoginCliOptions) => {
    const { runLogin } = await import("./commands/login.js");
    process.exitCode = await runLogin(servers, options);
  });

program
  .command("logout")
  .description("forget the stored tokens of OAuth servers (default: all of the config's)")
  .argument("[server...]", "servers to log out of")
  .option("-c, --config <file>", "config file")
  .action(async (servers: string[], options: import("./commands/login.js").LogoutCliOptions) => {
    const { runLogout } = await import("./commands/logout.js");
    process.exitCode = await runLogout(servers, options);
  });

program.parseAsync(process.argv).catch((error: unknown) => {
  // Commander has printed its message; help and version are not failures.
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : EXIT_FAILED);
  failAndExit(error);
});
