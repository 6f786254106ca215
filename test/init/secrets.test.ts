/**
 * convertServer and initConfig on values a tester found copied into codegen.config.ts. Each
 * secret is spelled `SEKRIT-…`: none may reach the entry, the notes, the config or the report.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { convertServer } from "../../src/init/convert.js";
import { initConfig } from "../../src/init/init.js";
import { VariableNames } from "../../src/init/secrets.js";
import { tempProject } from "../helpers/cli.js";

function convert(source: Record<string, unknown>, server = "srv") {
  const names = new VariableNames();
  const { entry, notes } = convertServer(server, source, names, { cwd: "/work/project", home: "/home/someone" });
  const text = JSON.stringify(entry);
  expect(text).not.toMatch(/SEKRIT/);
  expect(notes.join("\n")).not.toMatch(/SEKRIT/);
  return { entry, notes, text };
}

const args = (...list: string[]) => convert({ command: "node", args: list }).entry["args"];
const env = (vars: Record<string, string>) => convert({ command: "node", env: vars }).entry["env"];

describe("headers", () => {
  it("a credential after an auth scheme becomes a placeholder whatever the header's name", () => {
    const headers = convert({ url: "https://mcp.example.com/mcp", headers: { "X-Upstream": "Bearer SEKRITonly", "X-Team": "blue" } }).entry["headers"];
    expect(headers).toEqual({ "X-Upstream": "Bearer ${SRV_TOKEN}", "X-Team": "blue" });
    expect(args("-H", "X-Upstream: Token SEKRITonly")).toEqual(["-H", "X-Upstream: Token ${SRV_TOKEN}"]);
  });
});

describe("a URL's password written with a raw delimiter", () => {
  it("becomes a placeholder whole, whether it holds #, ?, / or @, and the host, path and query stay", () => {
    for (const password of ["p#SEKRIT-90", "p?SEKRIT-91", "p@SEKRIT-92", "p/SEKRIT-93", "SEKRIT-94#x?y/z"]) {
      const url = `postgres://admin:${password}@db.internal:5432/app?sslmode=require`;
      const scrubbed = "postgres://${SRV_USER}:${SRV_PASSWORD}@db.internal:5432/app?sslmode=require";
      expect(args("-y", "@modelcontextprotocol/server-postgres", url)).toEqual(["-y", "@modelcontextprotocol/server-postgres", scrubbed]);
      expect(convert({ url: `https://admin:${password}@mcp.example.com/mcp#units=metric` }).entry["url"]).toBe("https://${SRV_USER}:${SRV_PASSWORD}@mcp.example.com/mcp#units=metric");
    }
  });

  it("is not looked for past an empty host: a socket URL keeps its path and a query with an @", () => {
    const url = "postgres://app:SEKRIT-95@/app?host=/var/run/postgresql&application_name=ops@example.com";
    expect(args(url)).toEqual(["postgres://${SRV_USER}:${SRV_PASSWORD}@/app?host=/var/run/postgresql&application_name=ops@example.com"]);
  });

  it("leaves a port followed by a path or query alone, and an @ in a query that follows it", () => {
    for (const url of ["https://mcp.example.com:8080/mcp?email=me@example.com", "http://localhost:3000?owner=team@example.com", "https://mcp.example.com/mcp?pair=a:b@c.example"]) {
      expect(args(url)).toEqual([url]);
    }
  });
});

describe("a value holding a placeholder is still judged", () => {
  it("a password in a URL whose host is a placeholder becomes a placeholder; the host stays", () => {
    const url = "postgres://admin:SEKRIT-34@${DB_HOST}/app";
    const scrubbed = "postgres://${SRV_USER}:${SRV_PASSWORD}@${DB_HOST}/app";
    expect(env({ DATABASE: url })).toEqual({ DATABASE: scrubbed });
    expect(args("-y", "@modelcontextprotocol/server-postgres", url)).toEqual(["-y", "@modelcontextprotocol/server-postgres", scrubbed]);
    expect(convert({ url: "https://admin:SEKRIT-34@${MCP_HOST}/mcp?units=${UNITS}" }).entry["url"]).toBe("https://${SRV_USER}:${SRV_PASSWORD}@${MCP_HOST}/mcp?units=${UNITS}");
  });

  it("a password in a connection string beside a placeholder becomes a placeholder", () => {
    expect(args("Password=SEKRIT-35;Server=${HOST}")).toEqual(["Password=${SRV_PASSWORD};Server=${HOST}"]);
    expect(env({ CONNECTION: "Server=${HOST};Password=SEKRIT-35" })).toEqual({ CONNECTION: "Server=${HOST};Password=${SRV_PASSWORD}" });
  });

  it("a credential that joins a placeholder and literal text becomes one placeholder, its scheme kept", () => {
    const headers = convert({ url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ${TOKEN_PREFIX}SEKRIT-40", "X-Api-Key": "${KEY_PREFIX}-SEKRIT-42" } }).entry["headers"];
    expect(headers).toEqual({ Authorization: "Bearer ${SRV_TOKEN}", "X-Api-Key": "${SRV_X_API_KEY}" });
    expect(args("--header=Authorization: Bearer ${TOKEN_PREFIX}SEKRIT-40", "--token", "${TOKEN_PREFIX}SEKRIT-43")).toEqual([
      "--header=Authorization: Bearer ${SRV_TOKEN}",
      "--token",
      "${SRV_TOKEN_2}",
    ]);
    expect(env({ GITHUB_TOKEN: "${GH_PREFIX}SEKRIT-41", LOG_FILE: "${LOG_DIR}/SEKRIT-44x" })).toEqual({ GITHUB_TOKEN: "${GITHUB_TOKEN}", LOG_FILE: "${LOG_FILE}" });
  });

  it("placeholders with harmless text around them stay as written", () => {
    expect(env({ MEMORY_FILE_PATH: "${HOME}/memory.json", ENDPOINT: "${HOST}:8080", AUTH: "${USER}:${PASS}", GITHUB_TOKEN: "${GH_TOKEN}" })).toEqual({
      MEMORY_FILE_PATH: "${HOME}/memory.json",
      ENDPOINT: "${HOST}:8080",
      AUTH: "${USER}:${PASS}",
      GITHUB_TOKEN: "${GH_TOKEN}",
    });
    const http = convert({ url: "https://${HOST}/mcp/${TENANT}?api_key=${API_KEY}", headers: { Authorization: "Basic ${BASIC_CREDENTIALS}", "X-Team": "team-${TEAM}" } });
    expect(http.entry).toEqual({
      transport: "http",
      url: "https://${HOST}/mcp/${TENANT}?api_key=${API_KEY}",
      headers: { Authorization: "Basic ${BASIC_CREDENTIALS}", "X-Team": "team-${TEAM}" },
    });
    expect(args("--token=${MY_TOKEN}", "--config=${HOME}/.config/tool.json")).toEqual(["--token=${MY_TOKEN}", "--config=${HOME}/.config/tool.json"]);
  });
});

describe("init's report", () => {
  it("names the variables the written config refers to, and only those", async () => {
    const dir = tempProject("init-report");
    const file = path.join(dir, ".mcp.json");
    const servers = { api: { url: "https://mcp.example.com/mcp?units=${UNITS}", headers: { Authorization: "Bearer ${TOKEN_PREFIX}SEKRIT-40" } } };
    writeFileSync(file, JSON.stringify({ mcpServers: servers }));
    const report = await initConfig({ cwd: dir, files: [file], home: path.join(dir, "home") });
    expect(report.variables).toEqual(["API_TOKEN", "UNITS"]);
    const config = readFileSync(path.join(dir, "codegen.config.ts"), "utf8");
    expect(config).toContain('"Authorization": "Bearer ${API_TOKEN}"');
    expect(config).not.toMatch(/SEKRIT/);
    expect(JSON.stringify(report)).not.toMatch(/SEKRIT/);
  });
});

describe("placeholder defaults", () => {
  it("a default where a secret stands is left out, with a note naming the variable", () => {
    const stdio = convert({
      command: "node",
      args: [
        "--token=${T:-SEKRIT-50}",
        "--api-key",
        "${K:-SEKRIT-51}",
        "-e",
        "GITHUB_TOKEN=${GITHUB_TOKEN:-SEKRIT-52}",
        "postgres://app:${DB_PASS:-SEKRIT-53}@db/app",
        "--header",
        "Authorization: Bearer ${BEARER:-SEKRIT-58}",
        "${ADMIN_TOKEN:-SEKRIT}",
      ],
      env: { GITHUB_TOKEN: "${GH_TOKEN:-SEKRIT-54}", OPAQUE: "${OPAQUE:-SEKRIT-55x}", API: "${API_URL:-https://bot:SEKRIT-56@api.example.com}" },
    });
    expect(stdio.entry["args"]).toEqual([
      "--token=${T}",
      "--api-key",
      "${K}",
      "-e",
      "GITHUB_TOKEN=${GITHUB_TOKEN}",
      "postgres://${SRV_USER}:${DB_PASS}@db/app",
      "--header",
      "Authorization: Bearer ${BEARER}",
      "${ADMIN_TOKEN}",
    ]);
    expect(stdio.entry["env"]).toEqual({ GITHUB_TOKEN: "${GH_TOKEN}", OPAQUE: "${OPAQUE}", API: "${API_URL}" });
    expect(stdio.notes).toContain("default of ${GH_TOKEN} left out (it may be a secret): set GH_TOKEN");
    const http = convert({ url: "https://mcp.example.com/mcp?api_key=${KEY:-SEKRIT-57}&units=${UNITS:-metric}", headers: { "X-Api-Key": "${XKEY:-SEKRIT-59}" } });
    expect(http.entry["url"]).toBe("https://mcp.example.com/mcp?api_key=${KEY}&units=${UNITS:-metric}");
    expect(http.entry["headers"]).toEqual({ "X-Api-Key": "${XKEY}" });
  });

  it("a plainly harmless default stays; one naming the home folder or refused by generate does not", () => {
    expect(env({ LOG_LEVEL: "${LOG_LEVEL:-debug}", PORT: "${PORT:-3000}", API_URL: "${API_URL:-https://api.example.com/mcp}", EMPTY: "${EMPTY:-}" })).toEqual({
      LOG_LEVEL: "${LOG_LEVEL:-debug}",
      PORT: "${PORT:-3000}",
      API_URL: "${API_URL:-https://api.example.com/mcp}",
      EMPTY: "${EMPTY:-}",
    });
    expect(args("--port=${PORT:-8080}", "--mode", "${MODE:-fast}")).toEqual(["--port=${PORT:-8080}", "--mode", "${MODE:-fast}"]);
    expect(convert({ url: "https://mcp.example.com/mcp", headers: { "X-Team": "${TEAM:-blue}" } }).entry["headers"]).toEqual({ "X-Team": "${TEAM:-blue}" });
    // A home path would name the user; generate refuses any default in an env or header field the runtime calls secret (AUTHOR: "auth").
    expect(env({ DATA: "${DATA_DIR:-/home/someone/data}", AUTHOR: "${AUTHOR:-me}" })).toEqual({ DATA: "${DATA_DIR}", AUTHOR: "${AUTHOR}" });
  });
});

describe("URL fragments", () => {
  it("credentials in a fragment become placeholders as in a query; a plain fragment stays", () => {
    const http = convert({ url: "https://mcp.example.com/mcp#access_token=SEKRIT-39&expires_in=3600" });
    expect(http.entry["url"]).toBe("https://mcp.example.com/mcp#access_token=${SRV_ACCESS_TOKEN}&expires_in=3600");
    expect(args("https://app.example.com/callback?state=abc#id_token=SEKRIT-60", "https://docs.example.com/guide#section-2", "https://x.example.com/#ghp_SEKRIT0123456789abcdef")).toEqual([
      "https://app.example.com/callback?state=abc#id_token=${SRV_ID_TOKEN}",
      "https://docs.example.com/guide#section-2",
      "https://x.example.com/#${SRV_URL_TOKEN}",
    ]);
    expect(env({ CALLBACK: "https://${HOST}/cb#/done?access_token=SEKRIT-61" })).toEqual({ CALLBACK: "https://${HOST}/cb#/done?access_token=${SRV_ACCESS_TOKEN}" });
  });
});

describe("secret names", () => {
  it("pw (not as a prefix) and passcode name secrets in env keys, flags, headers and query parameters", () => {
    expect(env({ ADMIN_PW: "SEKRITpw", SMTP_PASSCODE: "SEKRITcode", ADMINPASSCODE: "SEKRITrun", PW: "SEKRITalone", DB_PSWD: "SEKRITpswd" })).toEqual({
      ADMIN_PW: "${ADMIN_PW}",
      SMTP_PASSCODE: "${SMTP_PASSCODE}",
      ADMINPASSCODE: "${ADMINPASSCODE}",
      PW: "${PW}",
      DB_PSWD: "${DB_PSWD}",
    });
    expect(args("--admin-pw", "SEKRITflag", "--passcode=SEKRITflag")).toEqual(["--admin-pw", "${SRV_ADMIN_PW}", "--passcode=${SRV_PASSCODE}"]);
    const http = convert({ url: "https://mcp.example.com/mcp?pw=SEKRITquery", headers: { "X-Admin-PW": "SEKRITheader" } });
    expect(http.entry).toEqual({ transport: "http", url: "https://mcp.example.com/mcp?pw=${SRV_PW}", headers: { "X-Admin-PW": "${SRV_X_ADMIN_PW}" } });
  });

  it("run-together names that end in a secret (SECRETKEY, PRIVATEKEY, ACCESSKEY, SESSIONID) are secret, whatever the value looks like", () => {
    expect(env({ SECRETKEY: "correcthorse", PRIVATEKEY: "batterystaple", ACCESSKEY: "opensesame", SESSIONID: "letmeinplease", GPGPASSPHRASE: "wordsonly" })).toEqual({
      SECRETKEY: "${SECRETKEY}",
      PRIVATEKEY: "${PRIVATEKEY}",
      ACCESSKEY: "${ACCESSKEY}",
      SESSIONID: "${SESSIONID}",
      GPGPASSPHRASE: "${GPGPASSPHRASE}",
    });
    expect(env({ MONKEY: "banana", KEYBOARD: "us" })).toEqual({ MONKEY: "banana", KEYBOARD: "us" });
  });

  it("names that begin with PW (Playwright's PW_DEBUG, PW_TEST_…) are not secret", () => {
    expect(env({ PW_DEBUG: "1", PW_TEST_HTML_REPORT_OPEN: "never" })).toEqual({ PW_DEBUG: "1", PW_TEST_HTML_REPORT_OPEN: "never" });
  });
});

describe("shell command lines", () => {
  const shell = (command: string, ...list: string[]) => convert({ command, args: list }).entry["args"];

  it("a command line given as one argument has its words judged as arguments", () => {
    expect(shell("bash", "-c", "export GITHUB_TOKEN=SEKRIT-36 && npx server --password SEKRIT-37")).toEqual([
      "-c",
      "export GITHUB_TOKEN=${GITHUB_TOKEN} && npx server --password ${SRV_PASSWORD}",
    ]);
    expect(shell("sh", "-c", "curl -sN -H 'Authorization: Bearer SEKRIT-62' \"https://x.example.com/sse?token=SEKRIT-65\"")).toEqual([
      "-c",
      "curl -sN -H 'Authorization: Bearer ${SRV_TOKEN}' \"https://x.example.com/sse?token=${SRV_TOKEN_2}\"",
    ]);
    expect(shell("cmd", "/c", "set API_KEY=SEKRIT-63&& node server.js")).toEqual(["/c", "set API_KEY=${API_KEY}&& node server.js"]);
    expect(shell("bash", "-lc", "node s.js --password=\"SEKRIT 64\" --verbose")).toEqual(["-lc", "node s.js --password=${SRV_PASSWORD} --verbose"]);
  });

  it("a command line without secrets, or text with an apostrophe, stays as written", () => {
    expect(shell("bash", "-c", "cd /srv && exec node server.js --port 8080 --name 'my server'")).toEqual(["-c", "cd /srv && exec node server.js --port 8080 --name 'my server'"]);
    expect(args("--greeting", "Don't panic, it's fine")).toEqual(["--greeting", "Don't panic, it's fine"]);
  });
});

describe("short password flags", () => {
  const run = (command: string, ...list: string[]) => convert({ command, args: list }).entry["args"];

  it("-p's value is a password unless it looks like a port, a port mapping, a version, a package or a path", () => {
    expect(run("db-mcp", "-u", "root", "-p", "SEKRIT-38", "-pSEKRIT-38", "-p=SEKRIT-38", "-p", "123456")).toEqual([
      "-u",
      "root",
      "-p",
      "${SRV_PASSWORD}",
      "-p${SRV_PASSWORD}",
      "-p=${SRV_PASSWORD}",
      "-p",
      "${SRV_PASSWORD_2}",
    ]);
    const kept = ["-p", "3000", "-p", "8080:80", "-p", "127.0.0.1:9000:9000/tcp", "-p", "@scope/pkg@1.2.3", "-p", "3.12", "-p", "mcp-server-fetch", "-p", "./profiles/dev.json", "-p8080", "-p", "${DB_PORT}"];
    expect(run("npx", ...kept)).toEqual(kept);
  });

  it("in a client whose short flag is a password (mysql -p, redis-cli -a), any value is one", () => {
    expect(run("mysql", "-u", "root", "-p", "hunter", "appdb")).toEqual(["-u", "root", "-p", "${SRV_PASSWORD}", "appdb"]);
    expect(run("/usr/bin/docker", "exec", "-i", "db", "mysql", "-uroot", "-pSEKRIT", "appdb")).toEqual(["exec", "-i", "db", "mysql", "-uroot", "-p${SRV_PASSWORD}", "appdb"]);
    expect(run("redis-cli", "-a", "SEKRIT", "-p", "6379")).toEqual(["-a", "${SRV_PASSWORD}", "-p", "6379"]);
    expect(run("bash", "-c", "mysql -u root -p SEKRITword -e 'select 1' && node server.js -p 8080")).toEqual([
      "-c",
      "mysql -u root -p ${SRV_PASSWORD} -e 'select 1' && node server.js -p 8080",
    ]);
  });
});

describe("editor variables", () => {
  it("a default in an editor variable is never printed in a note; ${env:X:-d} is ours with its default judged", () => {
    const stdio = convert({ command: "node", env: { API_TOKEN: "${env:API_TOKEN:-SEKRIT-70}", MODE: "${env:MODE:-fast}", OTHER: "${config:other:-SEKRIT-71}" } });
    expect(stdio.entry["env"]).toEqual({ API_TOKEN: "${API_TOKEN}", MODE: "${MODE:-fast}", OTHER: "${OTHER}" });
    expect(stdio.notes).toContain("editor variable ${config:other} has no equivalent: kept as text");
  });
});
