/**
 * A statement whose body is a long run of independent members (a server's tool table, its
 * client interface: hundreds of entries) is too big a formatting job to share between threads,
 * so it is formatted in pieces: each piece is the whole statement with a run of its members, and
 * the pieces' member lines are joined. Prettier lays out each member of an expanded body on its
 * own, so this gives the same bytes as formatting the statement whole; the pieces are checked to
 * have kept `open` and `close` as given, and if they did not, the statement is formatted whole.
 *
 * A member whose layout is certain (layout.ts) comes already laid out and skips prettier. The
 * first member never does: its piece is what checks that prettier keeps `open` and `close`.
 */

/** One member of a long body: its source, and its lines as prettier lays them out when that is certain. */
export interface BodyMember {
  source: string;
  /** The member's lines, indented, each ending with a newline. */
  laidOut?: string | undefined;
}

/** Source to format (the statement with a run of members), or members already laid out. */
export type Piece = { source: string } | { laidOut: string };

export interface PiecedStatement {
  /** Up to and including the body's `{` (a leading comment may come first). */
  open: string;
  /** From the body's `}` to the end of the statement. */
  close: string;
  /** The body's pieces in order; one source piece when it is small. */
  pieces: Piece[];
  /** The whole statement's source, for when the pieces cannot be joined. */
  whole: () => string;
}

export const MEMBERS_PER_PIECE = 50;

/**
 * `members` as pieces: each run of laid-out members as one, the others in runs of up to
 * `MEMBERS_PER_PIECE` as `sourceOf` those members' sources. Always at least one source piece.
 */
export function piecesOf(members: readonly BodyMember[], sourceOf: (sources: string[]) => string): Piece[] {
  const pieces: Piece[] = [];
  let sources: string[] = [];
  let laidOut = "";
  const flushSources = () => {
    if (sources.length > 0) pieces.push({ source: sourceOf(sources) });
    sources = [];
  };
  const flushLaidOut = () => {
    if (laidOut !== "") pieces.push({ laidOut });
    laidOut = "";
  };
  members.forEach((member, index) => {
    if (member.laidOut !== undefined && index > 0) {
      flushSources();
      laidOut += member.laidOut;
      return;
    }
    flushLaidOut();
    sources.push(member.source);
    if (sources.length === MEMBERS_PER_PIECE) flushSources();
  });
  flushSources();
  flushLaidOut();
  return pieces.length > 0 ? pieces : [{ source: sourceOf([]) }];
}

/** The member lines of a formatted piece, or undefined when prettier did not keep `open` and `close`. */
export function pieceBody(statement: Pick<PiecedStatement, "open" | "close">, formatted: string): string | undefined {
  const head = `${statement.open}\n`;
  const tail = `\n${statement.close}\n`;
  if (!formatted.startsWith(head) || !formatted.endsWith(tail)) return undefined;
  return formatted.slice(head.length, formatted.length - tail.length + 1);
}

/** The statement from its pieces' bodies. */
export function joinBodies(statement: Pick<PiecedStatement, "open" | "close">, bodies: readonly string[]): string {
  return `${statement.open}\n${bodies.join("")}${statement.close}\n`;
}
