#!/usr/bin/env node
/**
 * The `mcp-codegen` command. Only this folder prints. Command modules are imported when their
 * command runs, so `--help` never loads the generator.
 */
import { Command, Option } from "commander";
import { failAndExit } from "./exit.js";

const program = new Command()
  .name("mcp-codegen")
  .description("Typed TypeScript and LangChain.js bindings from MCP servers, with drift checks.")
  .version("0.1.0")
  .showHelpAfterError();

program
  .command("generate")
  .description("connect to the configured servers, snapshot their listings and emit typed modules")
  .option("-c, --config <file>", "config file (default: codegen.config.{ts,mts,js,mjs,json})")
  .option("--offline", "regenerate from the committed snapshot without starting any server")
  .option("--check", "write nothing; exit 1 and list stale files when the output differs from disk")
  .option("-q, --quiet", "print only problems")
  .option("--no-cache", "do not reuse formatted code from node_modules/.cache/mcp-codegen")
  .action(async (options: GenerateCliOptions) => {
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
    const { runCheck } = await import("./commands/check.js");
    process.exitCode = await runCheck(options);
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

export interface GenerateCliOptions {
  config?: string;
  offline?: boolean;
  check?: boolean;
  quiet?: boolean;
  cache: boolean;
}

export interface CheckCliOptions {
  config?: string;
  failOn?: "breaking" | "dangerous" | "safe";
  format: "text" | "json" | "markdown" | "github";
  server?: string[];
}

export type DiffCliOptions = Omit<CheckCliOptions, "server">;

program.parseAsync(process.argv).catch(failAndExit);
