/**
 * A statement that is one long object literal (a server's tool descriptors: hundreds of
 * entries) is too big a formatting job to share between threads, so it is formatted in pieces:
 * each piece is the whole statement with a run of its entries, and the pieces' entry lines are
 * joined. Prettier lays out each entry of an expanded object on its own, so this gives the
 * same bytes as formatting the statement whole; the pieces are checked to have kept `open` and
 * `close` as given, and if they did not, the statement is formatted whole instead.
 */

export interface TableStatement {
  /** Up to and including the object's `{` (a leading comment may come first). */
  open: string;
  /** The object's entries, `key: value`, without separators. */
  entries: string[];
  /** From the object's `}` to the end of the statement. */
  close: string;
}

export const ENTRIES_PER_PIECE = 50;

export function tableSource(table: TableStatement, entries: readonly string[] = table.entries): string {
  return `${table.open}\n${entries.join(",\n")},\n${table.close}\n`;
}

/** Runs of entries to format separately; one run when the table is small. */
export function tablePieces(table: TableStatement): string[][] {
  const runs: string[][] = [];
  for (let start = 0; start < table.entries.length; start += ENTRIES_PER_PIECE) {
    runs.push(table.entries.slice(start, start + ENTRIES_PER_PIECE));
  }
  return runs;
}

/** The formatted pieces joined into the formatted statement, or undefined when they cannot be. */
export function joinTablePieces(table: TableStatement, formattedPieces: readonly string[]): string | undefined {
  const head = `${table.open}\n`;
  const tail = `${table.close}\n`;
  const bodies: string[] = [];
  for (const piece of formattedPieces) {
    if (!piece.startsWith(head) || !piece.endsWith(`\n${tail}`)) return undefined;
    bodies.push(piece.slice(head.length, piece.length - tail.length));
  }
  return `${head}${bodies.join("")}${tail}`;
}
