/**
 * Names of `env` variables and headers whose values are secrets, by the words they contain
 * (`GITHUB_TOKEN`, `X-Api-Key`, `Authorization`, `DB_PASSWORD`, `Cookie`, …).
 */
const SECRET_NAME = /token|secret|passw|pwd|api[-_]?key|private[-_]?key|access[-_]?key|credential|auth|cookie|session|bearer|(?:^|[-_])(?:key|pat)(?:$|[-_])/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}
