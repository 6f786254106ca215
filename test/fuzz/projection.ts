/**
 * The model-schema round trip (`modelSchema`, runtime/src/shared/model-schema/): for fuzzed
 * schemas and each projected mode, every projection meets the provider's published constraints
 * (test/targets/provider-constraints.ts; lossy ones too: what they lose is reported), and for a
 * projection reported faithful (no problem) every instance Ajv accepts under the projection,
 * mapped back, is accepted by Ajv under the exact schema.
 */
import fc from "fast-check";
import { projectSchema } from "../../runtime/src/shared/model-schema/project.js";
import { mapBack } from "../../runtime/src/shared/model-schema/map-back.js";
import type { JsonObject } from "../../runtime/src/shared/snapshot.js";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import { PUBLISHED, violations } from "../targets/provider-constraints.js";
import { compileAjv, forAjv } from "./check.js";
import { instancesArbitrary } from "./instances.js";
import { caseArbitrary } from "./schemas.js";

export interface ProjectionReport {
  schemas: number;
  /** Per mode: projections without problems, and the instances mapped back and checked. */
  faithful: Record<"openai-strict" | "gemini", number>;
  checkedValues: number;
}

const MODES = ["openai-strict", "gemini"] as const;

export function projectionRoundTrip(options: { seed: number; schemas: number; instances: number }): ProjectionReport {
  const report: ProjectionReport = { schemas: 0, faithful: { "openai-strict": 0, gemini: 0 }, checkedValues: 0 };
  const arbitrary = caseArbitrary().chain((c) => {
    const projections = MODES.map((mode) => ({ mode, projection: projectSchema(c.schema, mode) }));
    const shaped = projections.map(({ projection }) => instancesArbitrary(projection.schema, options.instances));
    return fc.tuple(...shaped).map((lists) => ({ c, projections, lists }));
  });
  fc.assert(
    fc.property(arbitrary, ({ c, projections, lists }) => {
      const exact = compileAjv(c);
      if (!exact) return true;
      report.schemas++;
      projections.forEach(({ mode, projection }, index) => {
        // Lossy or not, the model sees only what the provider accepts (a root that is no object is reported instead).
        if (!projection.problems.some((problem) => problem.message.startsWith("the root"))) {
          const broken = violations(projection.schema as never, PUBLISHED[mode]);
          if (broken.length > 0) throw new Error(`${mode} projection breaks the provider's rules: ${broken.join("; ")}\n${JSON.stringify(c.schema)}\n${JSON.stringify(projection.schema)}`);
        }
        if (projection.problems.length > 0) return;
        report.faithful[mode]++;
        const projected = compileAjv({ draft: "2020-12", schema: projection.schema as JsonObject });
        if (!projected) throw new Error(`Ajv cannot compile the ${mode} projection ${JSON.stringify(projection.schema)}`);
        for (const value of lists[index] ?? []) {
          if (!projected(forAjv(value))) continue;
          const back = mapBack(c.schema, value, mode) as Json;
          report.checkedValues++;
          if (!exact(forAjv(back))) throw new Error(`${mode}: ${JSON.stringify(value)} is valid under the projection, but mapped back (${JSON.stringify(back)}) not under the exact schema`);
        }
      });
      return true;
    }),
    { seed: options.seed, numRuns: options.schemas, verbose: 0 },
  );
  return report;
}
