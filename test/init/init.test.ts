/**
 * `mcp-codegen init` through the built CLI, on the five editor config shapes (fixtures with
 * fake secrets): the config it writes is accepted by `generate` against the real example
 * servers, and no secret appears in anything `init` or `generate` writes or prints.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli, tempProject, type CliResult } from "../helpers/cli.js";
import { MATH_STDIO, repoRoot, startWeatherServer, type RunningServer } from "../helpers/servers.js";

const FIXTURES = path.dirname(fileURLToPath(import.meta.url)) + "/fixtures";

let weather: RunningServer;
beforeAll(async () => {
  weather = await startWeatherServer();
});
afterAll(async () => {
  await weather?.stop();
});

/** The fixture's text with the example servers' real locations. */
function fixture(name: string): string {
  return readFileSync(path.join(FIXTURES, name), "utf8").replaceAll("__MATH__", MATH_STDIO.args[0]!).replaceAll("__WEATHER__", weather.url);
}

function fakeSecrets(text: string): string[] {
  return [...new Set(text.match(/FAKE-[A-Za-z0-9-]+/g) ?? [])];
}

/** A project with a package.json, mcp-codegen installed (this checkout), and the editor config at `where`. */
function project(fixtureName: string, where: string): { dir: string; secrets: string[] } {
  const dir = tempProject("init");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "app", private: true, type: "module", scripts: { test: "vitest" } }, null, 2));
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(repoRoot, path.join(dir, "node_modules/mcp-codegen"), "dir");
  const text = fixture(fixtureName);
  mkdirSync(path.dirname(path.join(dir, where)), { recursive: true });
  writeFileSync(path.join(dir, where), text);
  return { dir, secrets: fakeSecrets(text) };
}

function variablesOf(init: CliResult): string[] {
  const line = init.stdout.split("\n").find((text) => text.includes("Set these environment variables"));
  return line ? line.slice(line.lastIndexOf(": ") + 2).split(", ") : [];
}

function expectNoSecret(texts: string[], secrets: string[]): void {
  expect(secrets.length).toBeGreaterThan(0);
  for (const secret of secrets) for (const text of texts) expect(text).not.toContain(secret);
}

const SHAPES = [
  { editor: "Claude Desktop", fixture: "claude_desktop_config.json", where: "claude_desktop_config.json" },
  { editor: "Claude Code", fixture: "claude-code.mcp.json", where: ".mcp.json" },
  { editor: "Cursor", fixture: "cursor.mcp.json", where: ".cursor/mcp.json" },
  { editor: "VS Code", fixture: "vscode.mcp.json", where: ".vscode/mcp.json" },
  { editor: "Windsurf", fixture: "windsurf.mcp_config.json", where: "mcp_config.json" },
] as const;

describe("init --from", () => {
  for (const shape of SHAPES) {
    it(`imports ${shape.editor}'s ${shape.where}: generate accepts it and no secret is copied`, async () => {
      const { dir, secrets } = project(shape.fixture, shape.where);
      const init = await runCli(["init", "--from", shape.where], { cwd: dir });
      expect(init.status, init.stderr).toBe(0);
      const config = readFileSync(path.join(dir, "codegen.config.ts"), "utf8");
      const packageJson = readFileSync(path.join(dir, "package.json"), "utf8");
      expect(JSON.parse(packageJson).scripts).toEqual({ test: "vitest", "mcp:generate": "mcp-codegen generate" });
      expect(init.stdout).toMatch(/Next: npm run mcp:generate/);
      expect(init.stdout).toContain("Install: npm install @mcp-codegen/runtime zod @langchain/core && npm install -D mcp-codegen");
      const variables = variablesOf(init);
      expect(variables.length).toBeGreaterThan(0);

      const env = Object.fromEntries(variables.filter((name) => process.env[name] === undefined).map((name) => [name, "set-by-test"]));
      const generated = await runCli(["generate", "--json"], { cwd: dir, env });
      expect(generated.status, generated.stdout + generated.stderr).toBe(0);
      const report = JSON.parse(generated.stdout) as { servers: { name: string; tools: number }[]; files: { path: string }[] };
      expect(report.servers.every((server) => server.tools > 0)).toBe(true);
      const written = report.files.map((file) => readFileSync(path.join(dir, file.path), "utf8"));
      expectNoSecret([config, packageJson, init.stdout, init.stderr, generated.stdout, generated.stderr, ...written], secrets);
    });
  }

  it("converts each editor's spellings and keeps every variable apart", async () => {
    const read = async (fixtureName: string, where: string) => {
      const { dir } = project(fixtureName, where);
      const init = await runCli(["init", "--from", where], { cwd: dir });
      expect(init.status, init.stderr).toBe(0);
      return { config: readFileSync(path.join(dir, "codegen.config.ts"), "utf8"), out: init.stdout };
    };
    const vscode = await read("vscode.mcp.json", ".vscode/mcp.json");
    expect(vscode.config).toContain('"Authorization": "Bearer ${WEATHER_TOKEN}"');
    expect(vscode.config).toContain('"X-Team": "${WEATHER_X_TEAM}"');
    expect(vscode.config).toContain('"PLAIN": "${PLAIN}"');
    expect(vscode.out).toMatch(/envFile not imported/);
    const windsurf = await read("windsurf.mcp_config.json", "mcp_config.json");
    expect(windsurf.config).toMatch(/"url": "http:\/\/127\.0\.0\.1:\d+\/mcp"/);
    expect(windsurf.config).toContain('"exclude": [\n        "divide"\n      ]');
    expect(windsurf.config).not.toContain('"off"');
    expect(windsurf.out).toMatch(/server "off" .*disabled there, left out/);
    const desktop = await read("claude_desktop_config.json", "claude_desktop_config.json");
    expect(desktop.config).toContain('"--api-key=${MATH_API_KEY_2}"');
    expect(desktop.config).toContain('"MATH_API_KEY": "${MATH_API_KEY}"');
    expect(desktop.config).toContain('"My-Math"');
    expect(desktop.config).toContain('"MATH_API_KEY": "${MY_MATH_MATH_API_KEY}"');
    const cursor = await read("cursor.mcp.json", ".cursor/mcp.json");
    expect(cursor.config).toContain("?api_key=${WEATHER_API_KEY}&units=metric");
    expect(cursor.config).toContain('"API_KEY": "${MATH_KEY}"');
  });
});

describe("init keeps secrets out and keeps the rest", () => {
  /** The fake secrets of a fixture: every value holding FAKE (each shape is spelled around it). */
  const secretsOf = (text: string) => [...new Set(text.match(/[A-Za-z0-9_.-]*FAKE[A-Za-z0-9_.-]*/g) ?? [])];

  async function importSecrets() {
    const dir = tempProject("init-secrets");
    // Outside the project: paths under it become ${HOME}/…, paths in the project relative.
    const home = tempProject("init-secrets-home");
    const place = (fixtureName: string, where: string) => {
      const text = readFileSync(path.join(FIXTURES, fixtureName), "utf8").replaceAll("__HOME__", home).replaceAll("__PROJECT__", dir);
      mkdirSync(path.dirname(path.join(dir, where)), { recursive: true });
      writeFileSync(path.join(dir, where), text);
      return secretsOf(text);
    };
    const secrets = [...place("secrets.mcp.json", ".mcp.json"), ...place("secrets-again.cursor.json", ".cursor/mcp.json")];
    // Both are project configs: --yes imports them, in this order.
    const init = await runCli(["init", "--yes"], { cwd: dir, env: { HOME: home } });
    expect(init.status, init.stderr).toBe(0);
    return { dir, home, secrets, init, config: readFileSync(path.join(dir, "codegen.config.ts"), "utf8") };
  }

  it("no fake secret of any shape reaches the config or the output", async () => {
    const { secrets, init, config } = await importSecrets();
    expect(secrets.length).toBeGreaterThan(25);
    for (const secret of secrets) {
      expect(config, secret).not.toContain(secret);
      expect(init.stdout + init.stderr, secret).not.toContain(secret);
    }
  });

  it("credentials in URLs, connection strings, flags, headers and env become placeholders", async () => {
    const { config } = await importSecrets();
    expect(config).toContain('"postgresql://${POSTGRES_USER}:${POSTGRES_PASSWORD}@db.internal:5432/app"');
    expect(config).toContain('"--header=Authorization: Bearer ${REMOTE_TOKEN}"');
    expect(config).toMatch(/"Cookie: \$\{REMOTE_COOKIE\}"/);
    expect(config).toContain('"url": "https://${GITHUB_USER}@api.example.com/mcp"');
    expect(config).toMatch(/"--api-key",\s*"\$\{FLAGS_API_KEY\}"/);
    expect(config).toContain('"--token=${FLAGS_TOKEN}"');
    expect(config).toMatch(/"--password",\s*"\$\{FLAGS_PASSWORD\}"/);
    expect(config).toContain('"--secret=${FLAGS_SECRET}"');
    expect(config).toContain('"${FLAGS_TOKEN_2}"'); // the Slack token given positionally
    expect(config).toMatch(/"Server=db;User Id=sa;Password=\$\{FLAGS_PASSWORD_2\};"/);
    expect(config).toContain('"redis://:${FLAGS_PASSWORD_3}@cache:6379/0"');
    for (const name of ["GITHUB_TOKEN", "OPENAI_API_KEY", "DB_PASSWORD", "MY_SECRET_THING", "OPAQUE", "ANTHROPIC", "DATABASE_URL"]) {
      expect(config).toContain(`"${name}": "\${${name}}"`);
    }
    expect(config).toContain('"Authorization": "Bearer ${HEADERS_TOKEN_2}"');
    expect(config).toContain('"Cookie": "${HEADERS_COOKIE}"');
    expect(config).toContain('"X-Api-Key": "${HEADERS_X_API_KEY}"');
    expect(config).toContain('"https://mcp.example.com/mcp/${HEADERS_URL_TOKEN}?token=${HEADERS_TOKEN}&units=metric"');
    expect(config).toContain('"url": "https://${BASIC_USER}:${BASIC_PASSWORD}@sse.example.com/sse"');
  });

  it("NAME=value arguments keep their names and lose secret values; a token inside a longer argument loses only itself", async () => {
    const { config } = await importSecrets();
    // The postgres server's URL took POSTGRES_PASSWORD for another value: this one gets a derived name.
    expect(config).toContain('"POSTGRES_PASSWORD=${DOCKER_POSTGRES_PASSWORD}"');
    expect(config).not.toContain("Summer2024");
    expect(config).toContain('"GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_PERSONAL_ACCESS_TOKEN}"');
    expect(config).toContain('"UPSTREAM=https://${DOCKER_USER}:${DOCKER_PASSWORD}@git.example.com/repo"');
    expect(config).toContain('"OPAQUE_SETTING=${OPAQUE_SETTING}"');
    expect(config).toContain('"--label=owner:${DOCKER_LABEL}"');
    for (const kept of ['"LOG_LEVEL=debug"', '"--env=TZ=UTC"', '"HOME_DIR"', '"-e"', '"--env"', "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"]) {
      expect(config).toContain(kept);
    }
  });

  it("plainly harmless values stay as written; home paths are never absolute", async () => {
    const { config, home, dir } = await importSecrets();
    for (const kept of [
      '"X-Team: blue"',
      '"X-Team": "blue"',
      '"X-Region": "eu-west"',
      '"LOG_LEVEL": "debug"',
      '"PORT": "3000"',
      '"DEBUG": "true"',
      '"--port",\n        "8080"',
      '"--verbose"',
      '"--log-level=debug"',
      '"@modelcontextprotocol/server-postgres"',
      '"https://api.example.com/mcp"',
      '"MEMORY_FILE_PATH": "${HOME}/memory.json"',
      '"MEMORY_FILE_PATH": "data/memory.jsonl"',
      '"CACHE_DIR": "cache/"',
      '"STATE_FILE": "state.json"',
      '"HTTP_PORT": "8080"',
      '"ENABLED": "false"',
      '"TZ": "UTC"',
      '"${HOME}/tools/server.js"',
      '"--config=${HOME}/.config/tool.json"',
      '"./tools/local.js"',
    ]) {
      expect(config).toContain(kept);
    }
    expect(config).not.toContain(home);
    expect(config).not.toContain(dir);
  });

  it("a server found in two configs is imported once; a key that names no folder is renamed, with a note", async () => {
    const { config, init } = await importSecrets();
    expect(config).not.toContain('"memory-2"');
    expect(config).not.toContain('"gh"');
    expect(init.stdout).toMatch(/server "memory" \(\.cursor\/mcp\.json\): the same server as "memory" \(\.mcp\.json\): imported once/);
    expect(init.stdout).toMatch(/server "gh" \(\.cursor\/mcp\.json\): the same server as "github" \(\.mcp\.json\): imported once/);
    expect(config).not.toContain('"..":');
    expect(config).toContain('"server": {');
    expect(init.stdout).toMatch(/server "\.\." \(\.mcp\.json\): imported as "server" \("\.\." cannot be a server name/);
  });
});

describe("init on the tester's report", () => {
  it("no secret mixed with placeholders, in a default, a command line, after -p, under pw/passcode or in a fragment is copied or printed", async () => {
    const dir = tempProject("init-mixed");
    const text = readFileSync(path.join(FIXTURES, "secrets-mixed.mcp.json"), "utf8");
    writeFileSync(path.join(dir, ".mcp.json"), text);
    const init = await runCli(["init", "--from", ".mcp.json"], { cwd: dir, env: { HOME: path.join(dir, "home") } });
    expect(init.status, init.stderr).toBe(0);
    const config = readFileSync(path.join(dir, "codegen.config.ts"), "utf8");
    expect(text).toMatch(/SEKRIT/);
    for (const written of [config, init.stdout, init.stderr]) expect(written).not.toMatch(/SEKRIT/);
    for (const kept of ['"postgres://${DB_USER}:${DB_PASSWORD}@${DB_HOST}/app"', '"Password=${DB_PASSWORD_2};Server=${HOST}"', '"PW_DEBUG": "1"', '"LOG_LEVEL": "${LOG_LEVEL:-info}"']) {
      expect(config).toContain(kept);
    }
    expect(config).toContain('"export GITHUB_TOKEN=${GITHUB_TOKEN} && npx server --password ${SHELL_PASSWORD}"');
    expect(config).toContain('"https://mcp.example.com/mcp?key=${KEY}#access_token=${REMOTE_ACCESS_TOKEN}"');
    expect(config).toContain('"Authorization": "Bearer ${REMOTE_TOKEN}"');
    expect(variablesOf(init)).toEqual([
      "ADMIN_PW",
      "API_KEY",
      "AUTH",
      "DB_HOST",
      "DB_PASSWORD",
      "DB_PASSWORD_2",
      "DB_USER",
      "GITHUB_TOKEN",
      "HOST",
      "KEY",
      "LOG_LEVEL",
      "MYSQL_PASSWORD",
      "REMOTE_ACCESS_TOKEN",
      "REMOTE_TOKEN",
      "SHELL_PASSWORD",
      "SMTP_PASSCODE",
    ]);
    expect(init.stdout).toMatch(/default of \$\{API_KEY\} left out \(it may be a secret\): set API_KEY/);
  });
});

describe("init without --from", () => {
  function withEditors(): { dir: string; home: string } {
    const dir = tempProject("init-discover");
    const home = path.join(dir, "home");
    const place = (file: string, text: string) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    };
    place(path.join(dir, ".mcp.json"), fixture("claude-code.mcp.json"));
    place(path.join(dir, ".vscode/mcp.json"), fixture("vscode.mcp.json"));
    place(path.join(home, ".codeium/windsurf/mcp_config.json"), fixture("windsurf.mcp_config.json"));
    place(path.join(home, ".config/Claude/claude_desktop_config.json"), fixture("claude_desktop_config.json"));
    return { dir, home };
  }

  it("lists what it found and, with no terminal to ask, wants --yes or --from", async () => {
    const { dir, home } = withEditors();
    const result = await runCli(["init"], { cwd: dir, env: { HOME: home } });
    expect(result.status).toBe(2);
    expect(result.stdout).toMatch(/Found 4 MCP configs/);
    for (const label of ["Claude Code (project)", "VS Code (project)", "Windsurf (user)", "Claude Desktop (user)"]) expect(result.stdout).toContain(label);
    expect(result.stderr).toMatch(/pass --yes/);
  });

  it("--yes imports them all; a second init refuses to overwrite without --force", async () => {
    const { dir, home } = withEditors();
    const first = await runCli(["init", "--yes"], { cwd: dir, env: { HOME: home } });
    expect(first.status, first.stderr).toBe(0);
    const config = readFileSync(path.join(dir, "codegen.config.ts"), "utf8");
    // Claude Code's math and weather are VS Code's and Windsurf's too (and "My Math" is the same
    // program with the same arguments): imported once. Desktop's math has other arguments.
    for (const name of ['"math"', '"weather"', '"math-2"']) expect(config).toContain(name);
    for (const name of ['"My-Math"', '"math-3"', '"weather-2"']) expect(config).not.toContain(name);
    expect(first.stdout).toMatch(/server "My Math" \(.*claude_desktop_config\.json\): the same server as "math" \(\.mcp\.json\): imported once/);
    const again = await runCli(["init", "--yes"], { cwd: dir, env: { HOME: home } });
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/codegen\.config\.ts: already exists: pass --force/);
    const forced = await runCli(["init", "--yes", "--force"], { cwd: dir, env: { HOME: home } });
    expect(forced.status, forced.stderr).toBe(0);
  });

  it("says where it looked when nothing is found", async () => {
    const dir = tempProject("init-none");
    const result = await runCli(["init"], { cwd: dir, env: { HOME: path.join(dir, "home") } });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/no MCP config with servers found; looked in:[\s\S]*\.cursor[/\\]mcp\.json[\s\S]*--from/);
  });
});
