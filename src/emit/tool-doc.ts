/**
 * The JSDoc of a tool's method on the generated client: what a user needs at the call site.
 * The title, the description, the annotations in words, a note when the result is untyped,
 * then one `@param` line per top-level argument with its description. Every piece of server
 * text goes through `docText` (it cannot close the comment or start a tag of its own); the tags
 * are ours. Sections are separate functions so more lines (e.g. header parameters) slot in.
 */
import type { JsonObject } from "@mcp-codegen/runtime/internal";
import type { NormalizedTool } from "../normalize/normalize.js";
import { docText } from "./text.js";
import { ANNOTATION_WORDS } from "./tool-doc-words.js";

/** Argument names a `@param args.<name>` tag can carry as is. */
const PARAM_NAME = /^[A-Za-z_$][\w$]*$/;

/** The comment's lines (`/** … *\/` included), or none when there is nothing to say. */
export function toolDocLines(tool: NormalizedTool, approval = ""): string[] {
  const paragraphs = [titleLine(tool), description(tool), headersLine(tool), annotationsLine(tool), approval, untypedResultLine(tool)].filter((text) => text !== "");
  const tags = paramLines(tool);
  const body = [...paragraphs.flatMap((text, index) => (index === 0 ? text.split("\n") : ["", ...text.split("\n")])), ...(tags.length > 0 && paragraphs.length > 0 ? [""] : []), ...tags];
  if (body.length === 0) return [];
  if (body.length === 1) return [`/** ${body[0]} */`];
  return ["/**", ...body.map((line) => ` * ${line}`.trimEnd()), " */"];
}

/** The parameters an `x-mcp-header` annotation mirrors into `Mcp-Param-*` headers. */
function headersLine(tool: NormalizedTool): string {
  if (tool.headers.length === 0) return "";
  const pairs = tool.headers.map((parameter) => `\`${parameter.path.join(".")}\` as \`Mcp-Param-${parameter.header}\``);
  return docText(`Over streamable HTTP these parameters also travel as HTTP headers: ${pairs.join(", ")}.`);
}

function titleLine(tool: NormalizedTool): string {
  const title = tool.entry.title ?? stringField(tool.entry.annotations, "title");
  // A title equal to the description says nothing twice.
  return title === undefined || title === tool.entry.description ? "" : oneLine(title);
}

function description(tool: NormalizedTool): string {
  return tool.entry.description === undefined ? "" : docText(tool.entry.description);
}

function annotationsLine(tool: NormalizedTool): string {
  const annotations = tool.entry.annotations;
  if (annotations === undefined) return "";
  const words = ANNOTATION_WORDS.flatMap(([hint, whenTrue, whenFalse]) => {
    const value = annotations[hint];
    return value === true ? [whenTrue] : value === false ? [whenFalse] : [];
  });
  return words.length === 0 ? "" : `Hints from the server: ${words.join(", ")}.`;
}

function untypedResultLine(tool: NormalizedTool): string {
  return tool.outputType === undefined ? "The server declares no output schema: `structuredContent` is `unknown`; read `text` or `content`." : "";
}

/** `@param args.<name> …` for each top-level property of the input schema, required ones first. */
function paramLines(tool: NormalizedTool): string[] {
  const schema = tool.entry.inputSchema;
  const properties = isObject(schema["properties"]) ? schema["properties"] : {};
  const required = new Set(Array.isArray(schema["required"]) ? schema["required"] : []);
  const names = Object.keys(properties).filter((name) => PARAM_NAME.test(name));
  const ordered = [...names.filter((name) => required.has(name)), ...names.filter((name) => !required.has(name))];
  return ordered.map((name) => {
    const property = properties[name];
    const text = isObject(property) && typeof property["description"] === "string" ? oneLine(property["description"]) : "";
    const optional = required.has(name) ? "" : "(optional)";
    return [`@param args.${name}`, optional, text].filter((part) => part !== "").join(" ");
  });
}

/** Server text on one line of the comment. */
function oneLine(text: string): string {
  return docText(text.replace(/\s+/g, " "));
}

function stringField(object: JsonObject | undefined, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === "string" ? value : undefined;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
