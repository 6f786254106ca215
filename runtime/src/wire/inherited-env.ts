/**
 * The variables the SDK's stdio transport passes on to a server beside its configured `env`
 * (the SDK's `DEFAULT_INHERITED_ENV_VARS`; a test holds the two lists equal). Kept here so a
 * child can be spawned before the SDK has loaded (early-child.ts).
 */
const WINDOWS = [
  "APPDATA",
  "COMSPEC",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROGRAMDATA",
  "PROGRAMFILES",
  "PROGRAMFILES(X86)",
  "PROGRAMW6432",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "USERNAME",
  "USERPROFILE",
  "WINDIR",
] as const;

const POSIX = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"] as const;

export const INHERITED_ENV_VARS: readonly string[] = process.platform === "win32" ? WINDOWS : POSIX;

/** This process's values of those variables; exported shell functions (`() {…`) are left out, as the SDK does. */
export function inheritedEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of INHERITED_ENV_VARS) {
    const value = process.env[key];
    if (value !== undefined && !value.startsWith("()")) env[key] = value;
  }
  return env;
}
