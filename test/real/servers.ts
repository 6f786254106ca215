/**
 * The real-server corpus of `npm run test:real`: popular MCP servers published on npm, each at
 * a pinned version. Data only (test/real/run.ts does the work).
 *
 * - `args` / `env`: what the server needs to start and list its tools. Credentials are dummy
 *   values (never real secrets): most servers list their tools without checking them.
 *   `{scratch}` in an argument is replaced with a folder of the scratch directory.
 * - `bin`: which of the package's executables, when it has more than one.
 * - Installs run with `--ignore-scripts`, so no package downloads a browser or a binary from
 *   outside npm (puppeteer's Chrome, playwright's browsers): servers that need one at start
 *   would fail to list, and are left out (see `skipped`).
 * - `http`: the server's own HTTP modes, each run once more as `<key>-<transport>` (`--http`
 *   runs only those): the run starts it listening on a free port of 127.0.0.1, checks with `ss`
 *   that it listens on loopback only, and configures its URL. A server that cannot be bound to
 *   loopback is not run (see `skipped`).
 */
export interface RealServer {
  key: string;
  package: string;
  version: string;
  bin?: string;
  args?: string[];
  env?: Record<string, string>;
  http?: HttpMode[];
}

export interface HttpMode {
  /** As a codegen config names them: `http` is Streamable HTTP, `sse` the legacy HTTP+SSE transport. */
  transport: "http" | "sse";
  /** The URL's path, as `/mcp`. */
  path: string;
  /** The package's executable that serves this mode, when not the server's `bin` (its own HTTP executable). */
  bin?: string;
  /** The arguments in this mode, instead of the server's `args`; `{port}` is the port to listen on. */
  args?: string[];
  /** Added to the server's `env`; `{port}` as in `args`. */
  env?: Record<string, string>;
  /** Headers the config sends (a dummy token the server was started with). */
  headers?: Record<string, string>;
}

const DUMMY = "dummy-not-a-secret";

export const REAL_SERVERS: readonly RealServer[] = [
  { key: "filesystem", package: "@modelcontextprotocol/server-filesystem", version: "2026.8.31", args: ["{scratch}"] },
  { key: "memory", package: "@modelcontextprotocol/server-memory", version: "2026.8.31", env: { MEMORY_FILE_PATH: "{scratch}/memory.jsonl" } },
  { key: "sequential-thinking", package: "@modelcontextprotocol/server-sequential-thinking", version: "2026.8.31" },
  { key: "everything", package: "@modelcontextprotocol/server-everything", version: "2026.8.31", args: ["stdio"] },
  { key: "github", package: "@modelcontextprotocol/server-github", version: "2025.4.8", env: { GITHUB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  // Advertises resources and answers resources/list only with a database: a partial listing.
  { key: "postgres", package: "@modelcontextprotocol/server-postgres", version: "0.6.2", args: ["postgresql://user:pass@127.0.0.1:9/db"] },
  { key: "google-maps", package: "@modelcontextprotocol/server-google-maps", version: "0.6.2", env: { GOOGLE_MAPS_API_KEY: DUMMY } },
  { key: "slack", package: "@modelcontextprotocol/server-slack", version: "2025.4.25", env: { SLACK_BOT_TOKEN: DUMMY, SLACK_TEAM_ID: "T00000000" } },
  { key: "brave-search", package: "@modelcontextprotocol/server-brave-search", version: "0.6.2", env: { BRAVE_API_KEY: DUMMY } },
  { key: "puppeteer", package: "@modelcontextprotocol/server-puppeteer", version: "2025.5.12" },
  { key: "gitlab", package: "@modelcontextprotocol/server-gitlab", version: "2025.4.25", env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  { key: "everart", package: "@modelcontextprotocol/server-everart", version: "0.6.2", env: { EVERART_API_KEY: DUMMY } },
  { key: "aws-kb-retrieval", package: "@modelcontextprotocol/server-aws-kb-retrieval", version: "0.6.2", env: { AWS_ACCESS_KEY_ID: DUMMY, AWS_SECRET_ACCESS_KEY: DUMMY, AWS_REGION: "us-east-1" } },
  {
    key: "playwright",
    package: "@playwright/mcp",
    version: "0.0.83",
    // It answers only the Host it names itself (`localhost:<port>` for a loopback bind) unless told others.
    http: [
      { transport: "http", path: "/mcp", args: ["--port", "{port}", "--host", "127.0.0.1", "--allowed-hosts", "127.0.0.1:{port}"] },
      { transport: "sse", path: "/sse", args: ["--port", "{port}", "--host", "127.0.0.1", "--allowed-hosts", "127.0.0.1:{port}"] },
    ],
  },
  { key: "chrome-devtools", package: "chrome-devtools-mcp", version: "1.11.0" },
  { key: "context7", package: "@upstash/context7-mcp", version: "4.1.1" },
  {
    key: "notion",
    package: "@notionhq/notion-mcp-server",
    version: "2.5.2",
    env: { NOTION_TOKEN: DUMMY },
    // Its HTTP mode requires a bearer token, given here at start.
    http: [{ transport: "http", path: "/mcp", args: ["--transport", "http", "--host", "127.0.0.1", "--port", "{port}", "--auth-token", DUMMY], headers: { Authorization: `Bearer ${DUMMY}` } }],
  },
  { key: "supabase", package: "@supabase/mcp-server-supabase", version: "0.13.0", args: ["--read-only"], env: { SUPABASE_ACCESS_TOKEN: DUMMY } },
  {
    key: "mongodb",
    package: "mongodb-mcp-server",
    version: "3.0.4",
    http: [{ transport: "http", path: "/mcp", args: ["--transport", "http", "--httpHost", "127.0.0.1", "--httpPort", "{port}"] }],
  },
  { key: "stripe", package: "@stripe/mcp", version: "0.3.3", args: ["--tools=all", "--api-key=sk_test_dummy"] },
  { key: "tavily", package: "tavily-mcp", version: "0.2.22", env: { TAVILY_API_KEY: DUMMY } },
  {
    key: "firecrawl",
    package: "firecrawl-mcp",
    version: "3.26.0",
    env: { FIRECRAWL_API_KEY: DUMMY },
    // Built on the fastmcp framework (mcp-proxy's HTTP server), which serves both transports at once.
    http: [
      { transport: "http", path: "/mcp", env: { HTTP_STREAMABLE_SERVER: "true", HOST: "127.0.0.1", PORT: "{port}" } },
      { transport: "sse", path: "/sse", env: { HTTP_STREAMABLE_SERVER: "true", HOST: "127.0.0.1", PORT: "{port}" } },
    ],
  },
  { key: "desktop-commander", package: "@wonderwhy-er/desktop-commander", version: "0.2.52" },
  { key: "sentry", package: "@sentry/mcp-server", version: "0.39.0", args: ["--access-token=dummy"] },
  {
    key: "figma",
    package: "figma-developer-mcp",
    version: "0.13.2",
    args: ["--figma-api-key=dummy", "--stdio"],
    // Its `/sse` path serves Streamable HTTP as well (GET answers 405): it has no legacy SSE transport.
    http: [{ transport: "http", path: "/mcp", args: ["--figma-api-key=dummy", "--host=127.0.0.1", "--port={port}"] }],
  },
  { key: "ea-playwright", package: "@executeautomation/playwright-mcp-server", version: "1.0.12" },
  {
    key: "antv-chart",
    package: "@antv/mcp-server-chart",
    version: "0.9.10",
    http: [
      { transport: "http", path: "/mcp", args: ["--transport", "streamable", "--host", "127.0.0.1", "--port", "{port}"] },
      { transport: "sse", path: "/sse", args: ["--transport", "sse", "--host", "127.0.0.1", "--port", "{port}"] },
    ],
  },
  { key: "hubspot", package: "@hubspot/mcp-server", version: "0.4.0", env: { PRIVATE_APP_ACCESS_TOKEN: DUMMY } },
  { key: "perplexity", package: "@perplexity-ai/mcp-server", version: "1.2.1", env: { PERPLEXITY_API_KEY: DUMMY } },
  { key: "exa", package: "exa-mcp-server", version: "3.4.1", env: { EXA_API_KEY: DUMMY } },
  { key: "browsermcp", package: "@browsermcp/mcp", version: "0.1.3" },
  {
    key: "kubernetes",
    package: "mcp-server-kubernetes",
    version: "4.1.7",
    http: [
      { transport: "http", path: "/mcp", env: { ENABLE_UNSAFE_STREAMABLE_HTTP_TRANSPORT: "1", HOST: "127.0.0.1", PORT: "{port}" } },
      { transport: "sse", path: "/sse", env: { ENABLE_UNSAFE_SSE_TRANSPORT: "1", HOST: "127.0.0.1", PORT: "{port}" } },
    ],
  },
  { key: "mysql", package: "@benborla29/mcp-server-mysql", version: "2.0.9", env: { MYSQL_HOST: "127.0.0.1", MYSQL_PORT: "9", MYSQL_USER: "user", MYSQL_PASS: DUMMY, MYSQL_DB: "db" } },
  { key: "shopify-dev", package: "@shopify/dev-mcp", version: "1.16.0" },
  { key: "heroku", package: "@heroku/mcp-server", version: "1.2.8", env: { HEROKU_API_KEY: DUMMY } },
  { key: "gitlab-zereight", package: "@zereight/mcp-gitlab", version: "2.1.64", env: { GITLAB_PERSONAL_ACCESS_TOKEN: DUMMY } },
  { key: "mapbox", package: "@mapbox/mcp-server", version: "0.14.0", env: { MAPBOX_ACCESS_TOKEN: DUMMY } },
  { key: "code-runner", package: "mcp-server-code-runner", version: "0.1.8" },
  { key: "circleci", package: "@circleci/mcp-server-circleci", version: "0.20.0", env: { CIRCLECI_TOKEN: DUMMY } },
  { key: "brightdata", package: "@brightdata/mcp", version: "2.11.3", env: { API_TOKEN: DUMMY } },
  {
    key: "git-cyanheads",
    package: "@cyanheads/git-mcp-server",
    version: "2.15.3",
    // Does not list over HTTP: it answers the `server/discover` probe (no session) with HTTP 500 and
    // -32603, which the SDK's negotiation takes as a failed connect, not as a 2025 server (it lists
    // with `protocol: "legacy"`).
    http: [{ transport: "http", path: "/mcp", env: { MCP_TRANSPORT_TYPE: "http", MCP_HTTP_HOST: "127.0.0.1", MCP_HTTP_PORT: "{port}" } }],
  },
  { key: "elasticsearch", package: "@elastic/mcp-server-elasticsearch", version: "0.3.1", env: { ES_URL: "http://127.0.0.1:9", ES_API_KEY: DUMMY } },
  { key: "netlify", package: "@netlify/mcp", version: "1.15.1" },
  { key: "n8n", package: "n8n-mcp", version: "2.87.0" },
  { key: "browser-tools", package: "@agentdeskai/browser-tools-mcp", version: "2.0.2" },
  {
    key: "lara",
    package: "@translated/lara-mcp",
    version: "1.0.6",
    env: { LARA_ACCESS_KEY_ID: DUMMY, LARA_ACCESS_KEY_SECRET: DUMMY },
    // Over HTTP the credentials come with each request, as headers (its stdio env is not read).
    http: [
      {
        transport: "http",
        path: "/v1",
        env: { TRANSPORT: "http", HOST: "127.0.0.1", PORT: "{port}" },
        headers: { "x-lara-access-key-id": DUMMY, "x-lara-access-key-secret": DUMMY },
      },
    ],
  },
  { key: "youtube-transcript", package: "@kimtaeyoon83/mcp-server-youtube-transcript", version: "0.1.1" },
  { key: "mastra-docs", package: "@mastra/mcp-docs-server", version: "1.2.27" },
  { key: "openzeppelin", package: "@openzeppelin/contracts-mcp", version: "0.7.1" },
  { key: "postman", package: "@postman/postman-mcp-server", version: "2.13.0", env: { POSTMAN_API_KEY: DUMMY } },
  { key: "magicui", package: "@magicuidesign/mcp", version: "2.0.0" },
  { key: "pinecone", package: "@pinecone-database/mcp", version: "0.3.0", env: { PINECONE_API_KEY: DUMMY } },
  { key: "airtable", package: "airtable-mcp-server", version: "1.14.0", env: { AIRTABLE_API_KEY: DUMMY } },
  { key: "jira", package: "@aashari/mcp-server-atlassian-jira", version: "3.3.0", env: { ATLASSIAN_SITE_NAME: "example", ATLASSIAN_USER_EMAIL: "user@example.com", ATLASSIAN_API_TOKEN: DUMMY } },
  { key: "miro", package: "@llmindset/mcp-miro", version: "0.1.1", args: ["--token", DUMMY] },
  { key: "maps-code-assist", package: "@googlemaps/code-assist-mcp", version: "0.2.1" },
  { key: "mui", package: "@mui/mcp", version: "0.1.6" },
  { key: "webflow", package: "webflow-mcp-server", version: "1.0.0", env: { WEBFLOW_TOKEN: DUMMY } },
  { key: "webresearch", package: "@mzxrai/mcp-webresearch", version: "0.1.7" },
  { key: "browserstack", package: "@browserstack/mcp-server", version: "1.4.2", env: { BROWSERSTACK_USERNAME: "user", BROWSERSTACK_ACCESS_KEY: DUMMY } },
  { key: "line-bot", package: "@line/line-bot-mcp-server", version: "0.5.0", env: { CHANNEL_ACCESS_TOKEN: DUMMY, DESTINATION_USER_ID: "U0000" } },
  { key: "glean", package: "@gleanwork/local-mcp-server", version: "0.7.6", env: { GLEAN_INSTANCE: "example", GLEAN_API_TOKEN: DUMMY } },
  { key: "pubmed", package: "@cyanheads/pubmed-mcp-server", version: "2.7.4" },
  { key: "taskmanager", package: "@kazuph/mcp-taskmanager", version: "1.1.1", env: { TASK_MANAGER_FILE_PATH: "{scratch}/tasks.json" } },
  { key: "testsprite", package: "@testsprite/testsprite-mcp", version: "0.0.45", env: { API_KEY: DUMMY } },
  { key: "llamacloud", package: "@llamaindex/mcp-server-llamacloud", version: "0.1.3", args: ["--index", "docs", "--description", "Docs"], env: { LLAMA_CLOUD_PROJECT_NAME: "p", LLAMA_CLOUD_API_KEY: DUMMY } },
  { key: "npx-fetch", package: "@tokenizin/mcp-npx-fetch", version: "1.0.0" },
  { key: "kazuph-fetch", package: "@kazuph/mcp-fetch", version: "1.6.3" },
  {
    key: "brave",
    package: "@brave/brave-search-mcp-server",
    version: "2.1.4",
    env: { BRAVE_API_KEY: DUMMY },
    http: [{ transport: "http", path: "/mcp", args: ["--transport", "http", "--host", "127.0.0.1", "--port", "{port}"] }],
  },
  { key: "launchdarkly", package: "@launchdarkly/mcp-server", version: "0.6.2", args: ["start", "--api-key", DUMMY] },
  { key: "dataforseo", package: "dataforseo-mcp-server", version: "3.1.1", env: { DATAFORSEO_USERNAME: "user", DATAFORSEO_PASSWORD: DUMMY } },
  { key: "strava", package: "@r-huijts/strava-mcp-server", version: "1.2.1", env: { STRAVA_ACCESS_TOKEN: DUMMY } },
  {
    key: "mobile",
    package: "@mobilenext/mobile-mcp",
    version: "1.0.4",
    http: [{ transport: "http", path: "/mcp", args: ["--listen", "127.0.0.1:{port}"], env: { MOBILEMCP_AUTH: DUMMY }, headers: { Authorization: `Bearer ${DUMMY}` } }],
  },
  { key: "excel", package: "@negokaz/excel-mcp-server", version: "0.12.0" },
  {
    key: "browserbase",
    package: "@browserbasehq/mcp-server-browserbase",
    version: "2.4.3",
    env: { BROWSERBASE_API_KEY: DUMMY, BROWSERBASE_PROJECT_ID: DUMMY, GEMINI_API_KEY: DUMMY },
    http: [{ transport: "http", path: "/mcp", args: ["--host", "127.0.0.1", "--port", "{port}"] }],
  },
  { key: "datadog", package: "@winor30/mcp-server-datadog", version: "1.8.0", env: { DATADOG_API_KEY: DUMMY, DATADOG_APP_KEY: DUMMY } },
  { key: "shortcut", package: "@shortcut/mcp", version: "0.25.0", env: { SHORTCUT_API_TOKEN: DUMMY } },
  { key: "eslint", package: "@eslint/mcp", version: "0.3.13" },
  {
    key: "ms-365",
    package: "@softeria/ms-365-mcp-server",
    version: "0.155.0",
    // Over HTTP it takes the Graph identity from each request's bearer token (any token that is not an expired JWT).
    http: [{ transport: "http", path: "/mcp", args: ["--http", "127.0.0.1:{port}"], headers: { Authorization: `Bearer ${DUMMY}` } }],
  },
  { key: "monday", package: "@mondaydotcomorg/monday-api-mcp", version: "3.3.0", args: ["-t", DUMMY] },
  { key: "lark", package: "@larksuiteoapi/lark-mcp", version: "0.5.1", args: ["mcp", "-a", "cli_dummy", "-s", DUMMY] },
  { key: "drawio", package: "@drawio/mcp", version: "1.6.1" },
  {
    key: "mermaid",
    package: "mcp-mermaid",
    version: "0.4.1",
    http: [
      { transport: "http", path: "/mcp", args: ["--transport", "streamable", "--host", "127.0.0.1", "--port", "{port}"] },
      { transport: "sse", path: "/sse", args: ["--transport", "sse", "--host", "127.0.0.1", "--port", "{port}"] },
    ],
  },
  { key: "airbnb", package: "@openbnb/mcp-server-airbnb", version: "0.3.0" },
  { key: "amap", package: "@amap/amap-maps-mcp-server", version: "0.0.8", env: { AMAP_MAPS_API_KEY: DUMMY } },
  { key: "asana", package: "@roychri/mcp-server-asana", version: "1.8.0", env: { ASANA_ACCESS_TOKEN: DUMMY } },
  {
    key: "argocd",
    package: "argocd-mcp",
    version: "0.9.0",
    args: ["stdio"],
    env: { ARGOCD_BASE_URL: "http://127.0.0.1:9", ARGOCD_API_TOKEN: DUMMY },
    http: [
      { transport: "http", path: "/mcp", args: ["http", "--bind-address", "127.0.0.1", "--port", "{port}"] },
      { transport: "sse", path: "/sse", args: ["sse", "--bind-address", "127.0.0.1", "--port", "{port}"] },
    ],
  },
  { key: "replicate", package: "replicate-mcp", version: "0.9.0", env: { REPLICATE_API_TOKEN: DUMMY } },
  {
    key: "reddit",
    package: "reddit-mcp-buddy",
    version: "1.1.14",
    bin: "reddit-mcp-buddy",
    http: [{ transport: "http", path: "/mcp", env: { REDDIT_BUDDY_HTTP: "true", REDDIT_BUDDY_HOST: "127.0.0.1", REDDIT_BUDDY_PORT: "{port}" } }],
  },
  { key: "hostinger", package: "hostinger-api-mcp", version: "1.63.2", bin: "hostinger-api-mcp", env: { API_TOKEN: DUMMY } },
  {
    key: "todoist",
    package: "@doist/todoist-mcp",
    version: "11.0.0",
    bin: "todoist-mcp",
    env: { TODOIST_API_KEY: DUMMY },
    // Its HTTP mode is its other executable. It checks the API key with Todoist on each request and
    // serves it anyway when that check cannot reach Todoist (here, nothing on 127.0.0.1:9).
    http: [{ transport: "http", path: "/mcp", bin: "todoist-mcp-http", env: { HOST: "127.0.0.1", PORT: "{port}", TODOIST_BASE_URL: "http://127.0.0.1:9" } }],
  },
  { key: "creem", package: "creem", version: "1.13.0", args: ["start", "--api-key", DUMMY] },
  { key: "next-devtools", package: "next-devtools-mcp", version: "0.4.0" },
  { key: "zai", package: "@z_ai/mcp-server", version: "0.1.5", env: { Z_AI_API_KEY: DUMMY } },
  { key: "cloudflare", package: "@cloudflare/mcp-server-cloudflare", version: "0.2.0", args: ["run", "0123456789abcdef0123456789abcdef"], env: { CLOUDFLARE_API_TOKEN: DUMMY } },
  { key: "cloud-run", package: "@google-cloud/cloud-run-mcp", version: "1.10.0" },
  { key: "remotion", package: "@remotion/mcp", version: "4.0.527" },
  { key: "instantdb", package: "@instantdb/mcp", version: "1.0.67", args: ["--token", DUMMY] },
  { key: "codacy", package: "@codacy/codacy-mcp", version: "0.5.9", env: { CODACY_ACCOUNT_TOKEN: DUMMY } },
  { key: "bitbucket", package: "@nexus2520/bitbucket-mcp-server", version: "3.0.0", env: { BITBUCKET_USERNAME: "user", BITBUCKET_APP_PASSWORD: DUMMY } },
  { key: "figma-console", package: "figma-console-mcp", version: "1.40.4", env: { FIGMA_ACCESS_TOKEN: DUMMY } },
  { key: "morph", package: "@morphllm/morphmcp", version: "0.8.213", env: { MORPH_API_KEY: DUMMY } },
  { key: "gcp-observability", package: "@google-cloud/observability-mcp", version: "0.2.3" },
  { key: "deepwiki", package: "mcp-deepwiki", version: "0.0.10" },
  { key: "cloudbase", package: "@cloudbase/cloudbase-mcp", version: "2.34.6" },
  { key: "azure-devops", package: "@tiberriver256/mcp-server-azure-devops", version: "0.1.48", env: { AZURE_DEVOPS_ORG_URL: "https://dev.azure.com/example", AZURE_DEVOPS_AUTH_METHOD: "pat", AZURE_DEVOPS_PAT: DUMMY } },
  { key: "bitbucket-aashari", package: "@aashari/mcp-server-atlassian-bitbucket", version: "3.1.0", env: { ATLASSIAN_BITBUCKET_USERNAME: "user", ATLASSIAN_BITBUCKET_APP_PASSWORD: DUMMY } },
  { key: "xcodebuild", package: "xcodebuildmcp", version: "2.7.0", bin: "xcodebuildmcp", args: ["mcp"] },
  {
    key: "fetcher",
    package: "fetcher-mcp",
    version: "0.3.9",
    // One HTTP server for both transports. Over Streamable HTTP it serves one session at a time (one
    // McpServer for all of them: a second `initialize` gets HTTP 500 "Already connected to a transport"
    // until the first session is ended by a DELETE), so a capture that leaves its session open fails
    // every later check and verify().
    http: [
      { transport: "http", path: "/mcp", args: ["--transport=http", "--host=127.0.0.1", "--port={port}"] },
      { transport: "sse", path: "/sse", args: ["--transport=http", "--host=127.0.0.1", "--port={port}"] },
    ],
  },
  { key: "flightradar", package: "flightradar-mcp-server", version: "0.1.2", env: { AVIATIONSTACK_API_KEY: DUMMY } },
  { key: "agent-infra-fs", package: "@agent-infra/mcp-server-filesystem", version: "1.2.29", args: ["--allowed-directories", "{scratch}"] },
  { key: "nx", package: "nx-mcp", version: "0.25.0" },
  { key: "backlog", package: "backlog-mcp-server", version: "0.20.4", env: { BACKLOG_DOMAIN: "example.backlog.com", BACKLOG_API_KEY: DUMMY } },
  {
    key: "searxng",
    package: "mcp-searxng",
    version: "2.4.0",
    env: { SEARXNG_URL: "http://127.0.0.1:9" },
    http: [{ transport: "http", path: "/mcp", env: { MCP_HTTP_HOST: "127.0.0.1", MCP_HTTP_PORT: "{port}" } }],
  },
  {
    key: "notebooklm",
    package: "notebooklm-mcp",
    version: "2.0.0",
    // One session at a time over HTTP, as fetcher's (HTTP 500 "internal server error" on the next `initialize`).
    http: [{ transport: "http", path: "/mcp", args: ["--transport", "http", "--host", "127.0.0.1", "--port", "{port}"] }],
  },
];

/** Left out on purpose, with why (printed by the run). */
export const SKIPPED: readonly { package: string; why: string }[] = [
  { package: "@modelcontextprotocol/server-gdrive", why: "needs an OAuth client file from Google Cloud before it starts" },
  { package: "@azure/mcp", why: "its server is a .NET binary chosen per platform at run time; out of scope for a Node corpus" },
  { package: "@neondatabase/mcp-server-neon", why: "npm install of 0.6.5 did not finish here within 120 s" },
  { package: "@apify/actors-mcp-server", why: "requires Node.js 22 and exits on this corpus's Node 20" },
  { package: "@railway/mcp-server", why: "starts the Railway CLI's own server (`railway mcp`), which its install does not bring" },
  { package: "@upstash/mcp-server", why: "asks api.upstash.com at start and exits without an answer" },
  { package: "@dynatrace-oss/dynatrace-mcp-server", why: "crashes at start on Node 20 (its bundled undici calls webidl.util.markAsUncloneable)" },
  { package: "@21st-dev/magic", why: "a proxy to https://21st.dev/api/mcp, which this machine cannot reach" },
  { package: "@auth0/auth0-mcp-server", why: "needs keytar's native addon, which an install with --ignore-scripts does not build" },
  { package: "mcp-server-sqlite-npx", why: "needs sqlite3's native binding, which an install with --ignore-scripts does not build" },
  { package: "@executeautomation/database-server", why: "needs sqlite3's native binding, which an install with --ignore-scripts does not build" },
  { package: "@chakra-ui/react-mcp", why: "fetches its component examples from the network at start and exits without them" },
  { package: "@sanity/mcp-server", why: "0.12.2 declares no executable" },
  { package: "@azure-devops/mcp", why: "needs keytar's native addon, which an install with --ignore-scripts does not build" },
  { package: "@currents/mcp", why: "lists input defaults computed from the clock (a window ending now), so every capture differs: its listing really drifts, which a project acknowledges with a drift override (docs/drift.md)" },
  { package: "@modelcontextprotocol/server-redis", why: "never answers tools/list without a Redis server (it retries the connection; the capture's deadline quotes its stderr)" },
  { package: "@atlassian-dc-mcp/jira", why: "0.34.0 depends on @atlassian-dc-mcp/common@^0.34.0, which the npm registry answers 404 for: it does not install" },
  { package: "@sveltejs/mcp", why: "fetches its documentation sections from svelte.dev at start and exits without them" },
  { package: "@pandacss/mcp", why: "exits at start without a panda.config file (a Panda CSS project) in its working folder" },
  { package: "@salesforce/mcp", why: "crashes at start on Node 20: its undici 8 (Node >= 22.19) binds zlib.createZstdDecompress, which Node 20 lacks" },
  { package: "@cocal/google-calendar-mcp", why: "needs an OAuth client file from Google Cloud (gcp-oauth.keys.json) before it starts" },
  { package: "mcp-atlassian", why: "2.1.0 imports jsdom, which its package.json does not depend on: it exits at start with ERR_MODULE_NOT_FOUND" },
  { package: "@smartbear/mcp", why: "requires Node.js 22 (imports enableCompileCache from node:module) and exits on this corpus's Node 20" },
  // Not run over HTTP (stdio only, above): servers may listen on 127.0.0.1 only.
  { package: "@upstash/context7-mcp", why: "not over HTTP: its HTTP mode (4.1.1, --transport http) listens on every interface (*:<port>), with no host option" },
  { package: "@modelcontextprotocol/server-everything", why: "not over HTTP: its streamableHttp and sse modes listen on every interface (app.listen(PORT)), with no host option" },
  { package: "@launchdarkly/mcp-server", why: "not over HTTP: its SSE mode (`start --transport sse`) listens on 0.0.0.0, written into the code" },
  { package: "creem", why: "not over HTTP: its SSE mode (`start --transport sse`, the same generated server as LaunchDarkly's) listens on 0.0.0.0, written into the code" },
  { package: "@executeautomation/playwright-mcp-server", why: "not over HTTP: its HTTP mode (--port) binds 127.0.0.1 but also opens a monitoring server on every interface (*:<random port>)" },
  { package: "tavily-mcp", why: "not over HTTP: no HTTP mode in the package (0.2.22): HTTP is its hosted service" },
  { package: "exa-mcp-server", why: "not over HTTP: no HTTP mode in the package (3.4.1, stdio only): HTTP is its hosted service" },
  { package: "chrome-devtools-mcp", why: "not over HTTP: no HTTP mode (1.11.0): its daemon speaks over a Unix socket" },
  { package: "@perplexity-ai/mcp-server", why: "not over HTTP: its HTTP mode is another script (dist/http.js), not its executable" },
  { package: "hostinger-api-mcp", why: "not over HTTP: its HTTP mode (1.63.2, --http --host 127.0.0.1) has one session per process (one transport made at start), so after generate's session every initialize gets HTTP 400 \"Server already initialized\"" },
  { package: "n8n-mcp", why: "not over HTTP: its HTTP mode (2.87.0, MCP_MODE=http) is another script (dist/mcp/index.js): its executable, dist/mcp/stdio-wrapper.js, sets MCP_MODE=stdio itself" },
];
