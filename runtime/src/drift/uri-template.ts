/** Variable names of an RFC 6570 URI template, in order of appearance (`{+path}`, `{?q,page}`, `{id:3}`, `{list*}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(/\{([^}]*)\}/g)) {
    const body = (match[1] ?? "").replace(/^[+#./;?&=,!@|]/, "");
    for (const spec of body.split(",")) {
      const name = spec.replace(/\*$/, "").replace(/:\d*$/, "").trim();
      if (name && !names.includes(name)) names.push(name);
    }
  }
  return names;
}
