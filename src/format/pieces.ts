/**
 * A statement whose body is a long run of independent members (a server's tool table, its
 * client interface: hundreds of entries) is too big a formatting job to share between threads,
 * so it is formatted in pieces: each piece is the whole statement with a run of its members, and
 * the pieces' member lines are joined. Prettier lays out each member of an expanded body on its
 * own, so this gives the same bytes as formatting the statement whole; the pieces are checked to
 * have kept `open` and `close` as given, and if they did not, the statement is formatted whole.
 */

export interface PiecedStatement {
  /** Up to and including the body's `{` (a leading comment may come first). */
  open: string;
  /** From the body's `}` to the end of the statement. */
  close: string;
  /** Each piece's source: the whole statement with a run of its members. One piece when it is small. */
  pieces: string[];
  /** The whole statement's source, for when the pieces cannot be joined. */
  whole: () => string;
}

export const MEMBERS_PER_PIECE = 50;

/** `items` in runs of `MEMBERS_PER_PIECE`; one run (maybe empty) when there are few. */
export function runsOf<T>(items: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += MEMBERS_PER_PIECE) runs.push(items.slice(start, start + MEMBERS_PER_PIECE));
  return runs.length > 0 ? runs : [[]];
}

/** The formatted pieces joined into the formatted statement, or undefined when they cannot be. */
export function joinPieces(statement: Pick<PiecedStatement, "open" | "close">, formattedPieces: readonly string[]): string | undefined {
  const head = `${statement.open}\n`;
  const tail = `${statement.close}\n`;
  const bodies: string[] = [];
  for (const piece of formattedPieces) {
    if (!piece.startsWith(head) || !piece.endsWith(`\n${tail}`)) return undefined;
    bodies.push(piece.slice(head.length, piece.length - tail.length));
  }
  return `${head}${bodies.join("")}${tail}`;
}
