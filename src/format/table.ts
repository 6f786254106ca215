/**
 * A statement that is one long object literal (a server's tool descriptors), as pieces
 * (pieces.ts): each piece is the statement with a run of its entries.
 */
import { piecesOf, type BodyMember, type PiecedStatement } from "./pieces.js";

export interface TableStatement {
  /** Up to and including the object's `{` (a leading comment may come first). */
  open: string;
  /** The object's entries: `key: value` without separators, and maybe laid out. */
  entries: BodyMember[];
  /** From the object's `}` to the end of the statement. */
  close: string;
}

export function tableSource(table: TableStatement, sources: readonly string[] = table.entries.map((entry) => entry.source)): string {
  const body = sources.length === 0 ? "" : `${sources.join(",\n")},\n`;
  return `${table.open}\n${body}${table.close}\n`;
}

export function piecedTable(table: TableStatement): PiecedStatement {
  return {
    open: table.open,
    close: table.close,
    pieces: piecesOf(table.entries, (sources) => tableSource(table, sources)),
    whole: () => tableSource(table),
  };
}
