/**
 * What `init` treats as a secret, and what it keeps as plainly harmless. Data only: the rules
 * are applied by secrets.ts and convert.ts. When a value fits neither list, it is scrubbed.
 * Which names say secret is the runtime's table (runtime/src/shared/secret-name-words.ts), so
 * `init` replaces what the runtime masks.
 */

const PASSWORD_P: ReadonlySet<string> = new Set(["-p"]);
const clients = (names: readonly string[], flags: ReadonlySet<string>) => names.map((name) => [name, flags] as const);

/**
 * Programs whose short flag takes a password, whatever the value looks like (`mysql -pSECRET`,
 * `sshpass -p …`, `redis-cli -a …`, `sqlcmd -P …`), by the program's file name.
 */
export const PASSWORD_FLAGS_BY_PROGRAM: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ...clients(["mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow", "mysqlcheck", "mysqlslap", "mariadb", "mariadb-dump", "mariadb-admin", "mariadb-import"], PASSWORD_P),
  ...clients(["mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport", "mongofiles", "mongostat", "mongotop"], PASSWORD_P),
  ...clients(["sshpass"], PASSWORD_P),
  ...clients(["redis-cli"], new Set(["-a"])),
  ...clients(["sqlcmd"], new Set(["-P"])),
]);

/**
 * `-p` takes a password in the programs above, and a port, a port mapping, a package or a Python
 * version in many more (`node server.js -p 3000`, `docker run -p 8080:80`, `npx -p @scope/pkg`,
 * `uvx -p 3.12`). In those its value is taken for a password unless it is plainly harmless
 * (PLAIN_VALUES) or looks like one of NOT_A_PASSWORD.
 */
export const SHORT_PASSWORD_FLAG = "-p";

export const NOT_A_PASSWORD: readonly RegExp[] = [
  /^\d{1,5}$/, // a port; a longer run of digits may be a PIN
  /^\d+(\.\d+)+$/, // a version: 3.12, 1.2.3
  /^((\d{1,3}\.){3}\d{1,3}:|\[[0-9A-Fa-f:]+\]:)?(\d{1,5}(-\d{1,5})?:)?\d{1,5}(-\d{1,5})?(\/(tcp|udp|sctp))?$/, // 8080:80, 127.0.0.1:9000:9000/tcp
  /^@[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*(@[\w.^~<>=*-]+)?$/, // @scope/package[@version]
  /^[a-z0-9][a-z0-9._-]*@[\w.^~<>=*-]+$/, // package@version
];

/** Flags whose value is a header line (`--header "Authorization: Bearer …"`, `-H …`). */
export const HEADER_FLAGS: ReadonlySet<string> = new Set(["--header", "-H", "--headers", "--http-header"]);

/** Well-known token prefixes: a value that starts with one is a secret whatever its name. */
export const TOKEN_PREFIXES: readonly RegExp[] = [
  /^sk[-_][A-Za-z0-9_-]{8,}/, // OpenAI, Anthropic (sk-ant-), Stripe (sk_live_)
  /^(pk|rk)_(live|test)_[A-Za-z0-9]{8,}/, // Stripe
  /^gh[pousr]_[A-Za-z0-9]{4,}/, // GitHub
  /^github_pat_[A-Za-z0-9_]{8,}/,
  /^glpat-[A-Za-z0-9_-]{8,}/, // GitLab
  /^xox[abprse]-[A-Za-z0-9-]{6,}/, // Slack
  /^xapp-[A-Za-z0-9-]{6,}/,
  /^(AKIA|ASIA)[A-Z0-9]{12,}/, // AWS access key id
  /^AIza[A-Za-z0-9_-]{20,}/, // Google API key
  /^ya29\.[A-Za-z0-9_-]{10,}/, // Google OAuth
  /^eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/, // JWT
  /^npm_[A-Za-z0-9]{20,}/,
  /^pypi-[A-Za-z0-9_-]{16,}/,
  /^hf_[A-Za-z0-9]{16,}/, // Hugging Face
  /^shp(at|ss|ca|pa)_[A-Fa-f0-9]{16,}/, // Shopify
  /^SG\.[A-Za-z0-9_-]{16,}/, // SendGrid
  /^dop_v1_[a-f0-9]{16,}/, // DigitalOcean
  /^lin_(api|oauth)_[A-Za-z0-9]{16,}/, // Linear
  /^(secret|ntn)_[A-Za-z0-9]{16,}/, // Notion
  /^figd_[A-Za-z0-9_-]{16,}/, // Figma
  /^pat[A-Za-z0-9]{10,}\.[a-f0-9]{16,}/, // Airtable
  /^ATATT[A-Za-z0-9_-]{16,}/, // Atlassian
  /^(sq0atp|sq0csp|EAAA)[A-Za-z0-9_-]{16,}/, // Square
  /^-----BEGIN [A-Z ]*PRIVATE KEY-----/,
];

/** A long run of token characters with letters and digits mixed is taken for a token. */
export const HIGH_ENTROPY = {
  /** Base64 and URL-safe characters; not a leading `/`, `.` or `~` (paths are judged as paths). */
  pattern: /^[A-Za-z0-9+=_-][A-Za-z0-9+/=_\-.~]*$/,
  minLength: 20,
  /** Shannon entropy in bits per character; English words and slugs stay below. */
  minBitsPerChar: 3.2,
} as const;

/**
 * Values kept as written (when their name does not say secret): paths, numbers that fit a
 * port, booleans, words (log levels, modes, team names), hosts. Anything else is scrubbed.
 */
export const PLAIN_VALUES: readonly RegExp[] = [
  /^(true|false|yes|no|on|off|null|none)$/i,
  /^-?\d{1,5}(\.\d+)?$/, // ports, counts, sizes; longer digit runs may be account numbers or PINs
  /^[A-Za-z]{1,24}([-_. ][A-Za-z]{1,24})*$/, // debug, info, blue, production, en-US (a long letter run may be a key)
  /^(~|\.{1,2})?[\\/][^\s:@?#]*$/, // /path/to/file, ./rel, ~/x
  /^[A-Za-z0-9_][A-Za-z0-9_.-]*([\\/][A-Za-z0-9_.-]+)+[\\/]?$/, // data/memory.jsonl, logs/app (relative, no leading ./)
  /^[A-Za-z0-9_][A-Za-z0-9_.-]*[\\/]$/, // cache/
  /^[A-Za-z0-9_][A-Za-z0-9_-]*\.[A-Za-z][A-Za-z0-9]{0,7}$/, // memory.jsonl, config.yaml (a file name)
  /^\.{1,2}$/,
  /^[A-Za-z]:[\\/][^:@?#]*$/, // C:\Users\…
  /^\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?$/, // 127.0.0.1:8080
  /^localhost(:\d{1,5})?$/i,
];

/** A content digest is no secret: `image@sha256:<hex>` keeps the hex after one of these labels. */
export const DIGEST_LABELS: ReadonlySet<string> = new Set(["md5", "sha1", "sha224", "sha256", "sha384", "sha512"]);

/** A URL's user info after its `scheme://` (any scheme): up to the last `@` before the first `/`, `?`, `#` or space. */
export const USER_INFO_AFTER_SCHEME = /^([^/?#\s]*)@/;

/** `Server=db;User Id=sa;Password=…;` connection strings: the pairs whose name says secret go. */
export const KEY_VALUE_LIST = /^[A-Za-z][A-Za-z0-9 _]*=[^;]*(;[A-Za-z][A-Za-z0-9 _]*=[^;]*)+;?$/;

/**
 * Separators that join literal text to a placeholder (`${HOST}:8080`, `${HOME}/memory.json`,
 * `${USER}:${PASS}`): at either end of the text they are no part of what is judged.
 */
export const PLACEHOLDER_JOINERS = /^[\s:/.,;=@_-]+|[\s:/.,;=@_-]+$/g;

/** Header values that carry an auth scheme keep it (`Bearer ${GITHUB_TOKEN}`): the scheme and its spaces, then the credential. */
export const AUTH_CREDENTIAL = /^((?:Bearer|Basic|Token|Bot|ApiKey|Digest)\s+)(\S.*)$/is;
