/** "Did you mean …?" for a misspelled key: the closest known key within a small edit distance. */

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: { key: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= allowedDistance(candidate) && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

/** Short keys tolerate one slip; longer ones a slip per four characters, at most three. */
function allowedDistance(candidate: string): number {
  return Math.min(3, Math.max(1, Math.floor(candidate.length / 4)));
}

/** Levenshtein distance with adjacent transpositions (`comamnd` is one slip from `command`). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i]!;
      const above = rows[i - 1]!;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  }
  return rows[a.length]![b.length]!;
}
