/**
 * Config entries in the shapes users already write (editor MCP configs, MultiServerMCPClient),
 * and config errors that list every problem with its key path.
 */
import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/load.js";
import { ConfigInvalidError } from "../../src/config/issues.js";

const FILE = "/project/codegen.config.json";

function servers(raw: unknown) {
  return Object.fromEntries(resolveConfig(raw, FILE).servers.map((server) => [server.name, server.config]));
}

function issues(raw: unknown): string[] {
  try {
    resolveConfig(raw, FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigInvalidError);
    return (error as ConfigInvalidError).lines();
  }
  throw new Error("expected a config error");
}

describe("config compatibility", () => {
  it("takes mcpServers for servers, type for transport, and infers the transport", () => {
    expect(
      servers({
        mcpServers: {
          vscode: { type: "stdio", command: "node", args: ["a.js"] },
          claude: { command: "npx", args: ["-y", "pkg"], env: { TOKEN: "${TOKEN}" } },
          remote: { url: "https://example.test/mcp" },
          legacy: { type: "sse", url: "https://example.test/sse" },
          cline: { type: "streamableHttp", url: "https://example.test/mcp" },
        },
      }),
    ).toEqual({
      vscode: { transport: "stdio", command: "node", args: ["a.js"] },
      claude: { transport: "stdio", command: "npx", args: ["-y", "pkg"], env: { TOKEN: "${TOKEN}" } },
      remote: { transport: "http", url: "https://example.test/mcp" },
      legacy: { transport: "sse", url: "https://example.test/sse" },
      cline: { transport: "http", url: "https://example.test/mcp" },
    });
  });

  it("maps MultiServerMCPClient's restart, reconnect and defaultToolTimeout", () => {
    expect(
      servers({
        defaultToolTimeout: 5000,
        mcpServers: {
          child: { command: "node", restart: { enabled: true, maxAttempts: 4, delayMs: 250 } },
          web: { transport: "http", url: "http://127.0.0.1:1/mcp", reconnect: { enabled: false }, automaticSSEFallback: true, defaultToolTimeout: 900 },
          own: { url: "http://127.0.0.1:1/mcp", reconnect: { retries: 2, initialDelayMs: 10 } },
        },
      }),
    ).toEqual({
      child: { transport: "stdio", command: "node", reconnect: { retries: 4, initialDelayMs: 250, maxDelayMs: 250 }, defaultToolTimeout: 5000 },
      web: { transport: "http", url: "http://127.0.0.1:1/mcp", reconnect: { retries: 0 }, defaultToolTimeout: 900 },
      own: { transport: "http", url: "http://127.0.0.1:1/mcp", reconnect: { retries: 2, initialDelayMs: 10 }, defaultToolTimeout: 5000 },
    });
  });

  it("maps outputHandling: the top level is every server's default, a server's own value wins type by type", () => {
    expect(
      servers({
        outputHandling: { image: "artifact", audio: "artifact" },
        mcpServers: {
          inherits: { command: "node" },
          perType: { command: "node", outputHandling: { audio: "content", resource: "content" } },
          shorthand: { command: "node", outputHandling: "content" },
        },
      }),
    ).toEqual({
      inherits: { transport: "stdio", command: "node", outputHandling: { image: "artifact", audio: "artifact" } },
      perType: { transport: "stdio", command: "node", outputHandling: { image: "artifact", audio: "content", resource: "content" } },
      shorthand: { transport: "stdio", command: "node", outputHandling: "content" },
    });
    // A top-level shorthand under a server's per-type value: every type named.
    expect(servers({ outputHandling: "artifact", servers: { a: { command: "node", outputHandling: { text: "content" } } } })["a"]).toEqual({
      transport: "stdio",
      command: "node",
      outputHandling: { text: "content", image: "artifact", audio: "artifact", resource: "artifact", resource_link: "artifact" },
    });
    expect(servers({ servers: { a: { command: "node" } } })["a"]).toEqual({ transport: "stdio", command: "node" });
    // `{}` is kept: the peer's defaults, where no outputHandling at all sends every block to the model.
    expect(servers({ servers: { a: { command: "node", outputHandling: {} } } })["a"]).toEqual({ transport: "stdio", command: "node", outputHandling: {} });
  });

  it("names each bad outputHandling value with its key path, and the block type a typo meant", () => {
    expect(
      issues({
        outputHandling: "model",
        servers: {
          a: { command: "node", outputHandling: { imgae: "artifact" } },
          b: { command: "node", outputHandling: { image: "hidden", text: "content" } },
          c: { url: "https://example.test/mcp", outputHandling: ["artifact"] },
          d: { command: "node", outputHandlng: "artifact" },
        },
      }),
    ).toEqual([
      'codegen.config.json: outputHandling: expected "content", "artifact" or an object of block types (text, image, audio, resource, resource_link) each "content" or "artifact"',
      'codegen.config.json: servers.a.outputHandling.imgae: unknown key (did you mean "image"?)',
      'codegen.config.json: servers.b.outputHandling.image: expected "content" or "artifact"',
      'codegen.config.json: servers.c.outputHandling: expected "content", "artifact" or an object of block types (text, image, audio, resource, resource_link) each "content" or "artifact"',
      'codegen.config.json: servers.d.outputHandlng: unknown key (did you mean "outputHandling"?)',
    ]);
  });

  it("rejects keys with no meaning here, naming the key and what to use instead", () => {
    const lines = issues({
      beforeToolCall: "x",
      prefixToolNameWithServerName: true,
      mcpServers: {
        a: { command: "node", encoding: "utf8", stderr: "overlapped" },
        b: { serverUrl: "https://example.test/mcp" },
        c: { url: "https://example.test/mcp", authProvider: {}, automaticSSEFallback: false },
      },
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/codegen\.config\.json: beforeToolCall: .*createClient/),
        expect.stringMatching(/prefixToolNameWithServerName: .*prefixToolNames: true/),
        expect.stringMatching(/servers\.a\.encoding: .*UTF-8/),
        expect.stringMatching(/servers\.a\.stderr: .*"pipe"/),
        expect.stringMatching(/servers\.b: cannot tell how to connect/),
        expect.stringMatching(/servers\.b\.serverUrl: .*use url/),
        expect.stringMatching(/servers\.c\.authProvider: .*at run time/),
        expect.stringMatching(/servers\.c\.automaticSSEFallback: .*transport: "sse"/),
      ]),
    );
    expect(lines).toHaveLength(8);
  });

  it("lists every problem with its key path, and suggests the key a typo meant", () => {
    const lines = issues({
      servers: {
        math: { transport: "stdio", comand: "node" },
        typo: { comand: "node", args: [] },
        web: { transport: "http", url: "x", headres: {} },
      },
      outdir: "gen",
    });
    expect(lines).toEqual(
      expect.arrayContaining([
        'codegen.config.json: servers.math.comand: unknown key (did you mean "command"?)',
        "codegen.config.json: servers.math.command: missing (expected string)",
        expect.stringMatching(/servers\.typo: cannot tell how to connect/),
        'codegen.config.json: servers.typo.comand: unknown key (did you mean "command"?)',
        'codegen.config.json: servers.web.headres: unknown key (did you mean "headers"?)',
        'codegen.config.json: outdir: unknown key (did you mean "outDir"?)',
      ]),
    );
    expect(lines).toHaveLength(6);
  });

  it("refuses type and transport that disagree, and servers given twice", () => {
    expect(issues({ servers: { a: { command: "x" } }, mcpServers: {} })).toEqual([expect.stringMatching(/mcpServers: give servers or mcpServers, not both/)]);
    expect(issues({ servers: { a: { type: "sse", transport: "http", url: "x" } } })).toEqual([expect.stringMatching(/servers\.a\.type: .*disagree/)]);
  });
});
