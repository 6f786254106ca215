/**
 * What a dying stdio child's stderr says about why: real Node children, their stderr read over a
 * real pipe. An uncaught exception ends in stack frames and the error's properties, so its last
 * lines say nothing; its message and first frame are what is reported.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { StderrTail } from "../../runtime/src/wire/stderr-tail.js";

/** Runs `script` in a Node child and returns the tail of its stderr once it has exited. */
async function tailOf(script: string): Promise<StderrTail> {
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  const tail = new StderrTail(child.stderr);
  await once(child, "close");
  return tail;
}

describe("the tail of a child's stderr", () => {
  it("an uncaught TypeError: its message and first frame, not the frames that end the output", async () => {
    const tail = await tailOf("console.error('starting'); const util = {}; function load() { util.markAsUncloneable(); } load();");
    expect(tail.lastLines()).toMatch(/^TypeError: util\.markAsUncloneable is not a function \| at load \(\[eval\]:1:\d+\)$/);
    expect(tail.summary()).toBe(tail.lastLines());
  });

  it("an error with a cause: the cause is told, and the first frame outside Node's own modules", async () => {
    // A refused loopback connection: undici's `fetch failed` names the reason only in its [cause].
    const closedPort = "const server = require('node:net').createServer().listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => load(port)); });";
    const tail = await tailOf(`${closedPort} async function load(port) { await fetch('http://127.0.0.1:' + port + '/'); }`);
    expect(tail.lastLines()).toMatch(/^TypeError: fetch failed \| \[cause\]: Error: connect ECONNREFUSED 127\.0\.0\.1:\d+ \| at async load \(\[eval\]:1:\d+\)$/);
  });

  it("an error whose message spans lines and whose properties follow its frames (a module loader's), past the kept tail", async () => {
    const tried = Array.from({ length: 30 }, (_, index) => ` → /app/node_modules/sqlite3/build/variant-${index}/node_sqlite3.node`);
    const script = `const e = new Error(${JSON.stringify(["Could not locate the bindings file. Tried:", ...tried].join("\n"))}); e.tries = ${JSON.stringify(tried)}; e.nested = { code: "X" }; throw e;`;
    const tail = await tailOf(script);
    expect(tail.lastLines()).toMatch(/^Error: Could not locate the bindings file\. Tried: \| at \[eval\]:1:\d+$/);
  });

  it("a rejection in async code: the line that opens the error, even when a prefix precedes it", async () => {
    const tail = await tailOf("async function main() { throw new Error('Failed to initialize tool: fetch failed'); } main().catch((error) => { console.error('Fatal error in main():', error); process.exit(1); });");
    expect(tail.lastLines()).toMatch(/^Fatal error in main\(\): Error: Failed to initialize tool: fetch failed \| at main \(\[eval\]:1:\d+\)$/);
  });

  it("a report followed by other lines is history: the last lines are told, stack frames left out", async () => {
    const tail = await tailOf("console.error(new Error('retrying')); console.error('loading config'); console.error('fatal: DATABASE_URL is not set'); process.exit(3);");
    expect(tail.lastLines()).toBe("Error: retrying | loading config | fatal: DATABASE_URL is not set");
    expect(tail.summary()).toBe("fatal: DATABASE_URL is not set");
  });

  it("terminal colour codes are left out (a logger that colours even on a pipe)", async () => {
    const tail = await tailOf("console.error('\\u001b[31mError forwarding message to server:\\u001b[39m', new TypeError('fetch failed'));");
    expect(tail.summary()).toMatch(/^Error forwarding message to server: TypeError: fetch failed \| at \[eval\]:1:\d+$/);
  });

  it("lines that only look like frames are not taken for a stack", async () => {
    const tail = await tailOf("console.error('the job ran'); console.error('at 10:00 it stopped'); process.exit(1);");
    expect(tail.lastLines()).toBe("the job ran | at 10:00 it stopped");
  });
});
