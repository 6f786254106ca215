/**
 * RFC 6570 URI template expansion, levels 1–4 (lists; no associative arrays, which MCP
 * resource templates never take). Written here rather than taken from the SDK so that
 * generated resource accessors expand templates without loading the SDK.
 */
import { getOwn } from "./own-property.js";

/** RFC 6570 §3.2.1, appendix A: how each operator starts, separates, names and encodes. */
interface OperatorRule {
  first: string;
  separator: string;
  named: boolean;
  /** What a named variable with an empty value expands to after its name. */
  ifEmpty: string;
  /** Reserved characters and pct-encoded triplets pass unencoded (`+` and `#`). */
  allowReserved: boolean;
}

const OPERATORS: Readonly<Record<string, OperatorRule>> = {
  "": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: false },
  "+": { first: "", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  "#": { first: "#", separator: ",", named: false, ifEmpty: "", allowReserved: true },
  ".": { first: ".", separator: ".", named: false, ifEmpty: "", allowReserved: false },
  "/": { first: "/", separator: "/", named: false, ifEmpty: "", allowReserved: false },
  ";": { first: ";", separator: ";", named: true, ifEmpty: "", allowReserved: false },
  "?": { first: "?", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
  "&": { first: "&", separator: "&", named: true, ifEmpty: "=", allowReserved: false },
};

export type TemplateValue = string | readonly string[] | undefined;

interface VariableSpec {
  name: string;
  explode: boolean;
  prefix: number | undefined;
}

/** Expands `template` with `values`; undefined variables and empty lists expand to nothing. */
export function expandTemplate(template: string, values: Readonly<Record<string, TemplateValue>>): string {
  return template.replace(/\{([^{}]*)\}/g, (_, body: string) => expandExpression(body, values));
}

function expandExpression(body: string, values: Readonly<Record<string, TemplateValue>>): string {
  const operatorKey = body !== "" && Object.hasOwn(OPERATORS, body.charAt(0)) ? body.charAt(0) : "";
  const rule = OPERATORS[operatorKey] as OperatorRule;
  const parts: string[] = [];
  for (const spec of body.slice(operatorKey.length).split(",").map(parseSpec)) {
    const value = getOwn(values, spec.name);
    if (value === undefined || (typeof value !== "string" && value.length === 0)) continue;
    parts.push(typeof value === "string" ? expandString(spec, value, rule) : expandList(spec, value, rule));
  }
  return parts.length === 0 ? "" : rule.first + parts.join(rule.separator);
}

function parseSpec(text: string): VariableSpec {
  const explode = text.endsWith("*");
  const [name = "", prefix] = (explode ? text.slice(0, -1) : text).split(":");
  return { name: name.trim(), explode, prefix: prefix === undefined ? undefined : Number(prefix) };
}

function expandString(spec: VariableSpec, value: string, rule: OperatorRule): string {
  const text = encode(spec.prefix === undefined ? value : [...value].slice(0, spec.prefix).join(""), rule.allowReserved);
  if (!rule.named) return text;
  return text === "" ? spec.name + rule.ifEmpty : `${spec.name}=${text}`;
}

function expandList(spec: VariableSpec, items: readonly string[], rule: OperatorRule): string {
  const encoded = items.map((item) => encode(item, rule.allowReserved));
  if (!spec.explode) return rule.named ? `${spec.name}=${encoded.join(",")}` : encoded.join(",");
  if (!rule.named) return encoded.join(rule.separator);
  return encoded.map((item) => (item === "" ? spec.name + rule.ifEmpty : `${spec.name}=${item}`)).join(rule.separator);
}

/** Unreserved characters stay; with `allowReserved`, reserved ones and existing %XX too; the rest is UTF-8 %XX. */
function encode(text: string, allowReserved: boolean): string {
  const kept = allowReserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2}/y : /[A-Za-z0-9\-._~]/y;
  let out = "";
  for (let index = 0; index < text.length; ) {
    kept.lastIndex = index;
    const match = kept.exec(text);
    if (match) {
      out += match[0];
      index += match[0].length;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index) as number);
    out += encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    index += char.length;
  }
  return out;
}
