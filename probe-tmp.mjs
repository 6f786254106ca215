import { Client, StreamableHTTPClientTransport, SdkHttpError, SdkError } from "@modelcontextprotocol/client";
const url = process.argv[2], mode = process.argv[3];
const client = new Client({ name: "p", version: "1" }, { versionNegotiation: { mode } });
try { await client.connect(new StreamableHTTPClientTransport(new URL(url))); console.log("ok", client.getProtocolEra());
 const tools = await client.listTools(); console.log(tools.tools.map(t=>t.name));
 const t0=performance.now(); await client.listTools(); console.log("second list ms", performance.now()-t0);
 console.log(JSON.stringify(await client.callTool({ name: "regional_price", arguments: { region: "eu", item: "tea" } })));
 try { console.log(JSON.stringify(await client.request({ method: "tools/call", params: { name: "regional_price", arguments: { region: "eu", item: "tea" } } }))); } catch (e) { console.log("RAW ERR", e.constructor.name, e.code, e.status, e.message); }
}
catch (e) { console.log("ERR", e.constructor.name, e.code, e.status, e.message, JSON.stringify(e.data)?.slice(0,300), SdkHttpError.isInstance(e)); }
await client.close();
