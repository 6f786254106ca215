/**
 * String formats the Zod schema checks. Each regex is copied from ajv-formats' "full" mode (the
 * default), so Zod accepts exactly what Ajv + ajv-formats accepts; formats whose Ajv check is
 * more than one regex (date-time, uri, …) are left unchecked with a warning.
 */
export const EXACT_FORMATS: Readonly<Record<string, { source: string; flags: string }>> = {
  email: {
    source:
      "^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$",
    flags: "i",
  },
  hostname: {
    source: "^(?=.{1,253}\\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\\.?$",
    flags: "i",
  },
  ipv4: {
    source: "^(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$",
    flags: "",
  },
  uuid: { source: "^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$", flags: "i" },
};
