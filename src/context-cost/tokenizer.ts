/**
 * Token counting with OpenAI's o200k_base encoding (GPT-4o, GPT-4.1, the o-series, GPT-5), from
 * `gpt-tokenizer`, which ships the encoding inside the package (no download). Loading it takes a
 * few hundred ms, so it is imported only when a context-cost report has tools to count that
 * the count cache (count-cache.ts) does not know.
 */
export const ENCODING = "o200k_base";

export type CountTokens = (text: string) => number;

let loading: Promise<CountTokens> | undefined;

export function loadTokenizer(): Promise<CountTokens> {
  loading ??= import("gpt-tokenizer/encoding/o200k_base").then((encoding) => (text: string) => encoding.countTokens(text));
  return loading;
}

/** Starts loading the tokenizer without waiting for it; a failure surfaces at the first `loadTokenizer()`. */
export function preloadTokenizer(): void {
  loadTokenizer().catch(() => undefined);
}
