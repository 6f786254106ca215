/** Counts and durations in words: `1 tool`, `3 resources`, `420 ms`, `1.4 s`. */

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

export function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export interface Counts {
  tools: number;
  resources: number;
  resourceTemplates: number;
  prompts: number;
}

export function listingWords(counts: Counts): string {
  return [
    count(counts.tools, "tool"),
    count(counts.resources, "resource"),
    count(counts.resourceTemplates, "template"),
    count(counts.prompts, "prompt"),
  ].join(", ");
}
