/**
 * The README's user quick start as steps: every fenced block between the `quickstart:begin` and
 * `quickstart:end` markers, in order. A `sh` block is commands (one per line); a block whose info
 * string names `file=<path>` is a file to write. test/pack/quickstart.ts runs these steps in a
 * fresh app; test/docs/quickstart.test.ts checks that no block is left out.
 */
export type QuickStartStep = { kind: "commands"; commands: string[] } | { kind: "file"; path: string; content: string };

const BEGIN = "<!-- quickstart:begin";
const END = "<!-- quickstart:end -->";
const FENCE = /^```([^\n]*)\n([\s\S]*?)^```$/gm;

/** The quick start's part of the README (between the markers). */
export function quickStartSection(readme: string): string {
  const begin = readme.indexOf(BEGIN);
  const end = readme.indexOf(END);
  if (begin < 0 || end < begin) throw new Error("README: the quickstart:begin / quickstart:end markers are missing");
  return readme.slice(begin, end);
}

export function quickStartSteps(readme: string): QuickStartStep[] {
  const steps: QuickStartStep[] = [];
  for (const [, info = "", body = ""] of quickStartSection(readme).matchAll(FENCE)) {
    const file = /\bfile=(\S+)/.exec(info)?.[1];
    if (file !== undefined) steps.push({ kind: "file", path: file, content: body });
    else if (/^(sh|bash)\b/.test(info)) steps.push({ kind: "commands", commands: body.split("\n").filter((line) => line.trim() !== "") });
    else throw new Error(`README quick start: a block with info string ${JSON.stringify(info)} is neither sh nor file=…`);
  }
  return steps;
}

/** How many fenced blocks the section holds (each must become a step). */
export function fencedBlockCount(readme: string): number {
  return [...quickStartSection(readme).matchAll(FENCE)].length;
}
