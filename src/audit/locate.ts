/**
 * JSON pointer → line and column in the snapshot file, for SARIF regions and annotations:
 * the offending characters themselves, not just the string they sit in. Lines and columns are
 * 1-based and count UTF-16 code units (SARIF's default `columnKind`).
 */
import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";
import { unescapeToken } from "@mcp-codegen/runtime/internal";
import type { Finding } from "./types.js";

export class SnapshotLocator {
  private readonly root: Node | undefined;
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    this.root = parseTree(text);
    this.lineStarts = [0];
    for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) this.lineStarts.push(index + 1);
  }

  /** The finding's region, or `undefined` when its string is not in the file. */
  region(finding: Pick<Finding, "snapshotPointer" | "start" | "end">): Finding["region"] {
    if (!this.root) return undefined;
    const path = finding.snapshotPointer.split("/").slice(1).map(unescapeToken).map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
    const node = this.keyOrValue(path);
    if (!node || node.type !== "string") return undefined;
    const start = this.rawOffset(node.offset, finding.start);
    const end = this.rawOffset(node.offset, finding.end);
    const from = this.position(start);
    const to = this.position(end);
    return { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column };
  }

  /** The string at `path`; for a property name (`…/properties/<name>`), the key itself. */
  private keyOrValue(path: (string | number)[]): Node | undefined {
    const node = findNodeAtLocation(this.root!, path);
    if (node?.type === "string") return node;
    const parent = node?.parent;
    if (parent?.type === "property" && typeof path[path.length - 1] === "string" && path[path.length - 2] === "properties") return parent.children?.[0];
    return node;
  }

  /** Offset in the file of the `index`-th UTF-16 unit of the decoded string whose token starts at `tokenStart`. */
  private rawOffset(tokenStart: number, index: number): number {
    let raw = tokenStart + 1;
    for (let decoded = 0; decoded < index; decoded += 1) {
      if (this.text[raw] === "\\") raw += this.text[raw + 1] === "u" ? 6 : 2;
      else raw += 1;
    }
    return raw;
  }

  private position(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - this.lineStarts[low]! + 1 };
  }
}
