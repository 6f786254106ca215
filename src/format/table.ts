/**
 * A statement that is one long object literal (a server's tool descriptors), as pieces
 * (pieces.ts): each piece is the statement with a run of its entries.
 */
import { runsOf, type PiecedStatement } from "./pieces.js";

export interface TableStatement {
  /** Up to and including the object's `{` (a leading comment may come first). */
  open: string;
  /** The object's entries, `key: value`, without separators. */
  entries: string[];
  /** From the object's `}` to the end of the statement. */
  close: string;
}

export function tableSource(table: TableStatement, entries: readonly string[] = table.entries): string {
  const body = entries.length === 0 ? "" : `${entries.join(",\n")},\n`;
  return `${table.open}\n${body}${table.close}\n`;
}

export function piecedTable(table: TableStatement): PiecedStatement {
  return {
    open: table.open,
    close: table.close,
    pieces: runsOf(table.entries).map((entries) => tableSource(table, entries)),
    whole: () => tableSource(table),
  };
}
