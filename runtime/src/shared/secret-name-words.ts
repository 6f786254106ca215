/**
 * Which names (`env` keys, headers, flags, query parameters) say their value is a secret, as data:
 * secret-names.ts applies them for the runtime's masks and `init` for the placeholders it writes,
 * so what `init` keeps in a config is what the runtime would not mask.
 */

/**
 * Words that make an env key, header, flag or query parameter name a secret (`GITHUB_TOKEN`,
 * `X-Api-Key`, `--password`, `sig`). Names are split into words at `_`, `-`, `.` and camelCase
 * humps first, so `KEYBOARD` or `MONKEY` do not match `key`.
 */
export const SECRET_NAME_WORDS: ReadonlySet<string> = new Set([
  "token",
  "tokens",
  "key",
  "keys",
  "apikey",
  "secret",
  "secrets",
  "password",
  "passwd",
  "pass",
  "pwd",
  "pswd",
  "passphrase",
  "passcode",
  "passcodes",
  "auth",
  "authorization",
  "bearer",
  "cookie",
  "cookies",
  "credential",
  "credentials",
  "creds",
  "session",
  "sid",
  "private",
  "signature",
  "sig",
  "jwt",
  "dsn",
  "pat",
  "otp",
  "pin",
]);

/**
 * Abbreviations that say secret anywhere but at the start of a longer name: `ADMIN_PW`,
 * `X-Admin-PW`, `--pw`, `?pw=`, but not Playwright's `PW_DEBUG` or `PW_TEST_…`, which begin
 * with the same letters.
 */
export const SECRET_WORDS_NOT_LEADING: ReadonlySet<string> = new Set(["pw"]);

/** Run-together names (`APIKEY`, `AUTHTOKEN`, `MYSECRET`, `ADMINPASSCODE`, `SECRETKEY`, `SESSIONID`) that end in a secret word. */
export const SECRET_NAME_ENDING = /(token|secret|password|passwd|passcode|passphrase|apikey|(?:secret|private|access|account|auth|signing|encryption|master)key|sessionid|credentials?)$/;

/** Whole names that say secret without a secret word (`DATABASE_URL` holds a password). */
export const SECRET_NAMES: readonly RegExp[] = [
  /^(database|db|mongo|mongodb|redis|postgres|postgresql|mysql|amqp|connection)_?(url|uri|string)$/i,
  /^set-cookie$/i,
  /^x-amz-security-token$/i,
];
