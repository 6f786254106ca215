/**
 * The fuzz run: `schemas` arbitrary JSON Schemas with `instances` instances each, from `seed`.
 * First every case's Zod schema against Ajv (fast-check shrinks a failure to a small schema);
 * then the same cases' TS modules, type-checked in batches; the first case that does not compile
 * is replayed alone (same seed, its path) so fast-check can shrink it too. A failure throws
 * fast-check's report: seed, path and the shrunk counterexample.
 */
import fc from "fast-check";
import type { Json } from "../../runtime/src/shared/canonical-json.js";
import { caseModule, typecheckModules, zodAgainstAjv } from "./check.js";
import { instancesArbitrary } from "./instances.js";
import { caseArbitrary, type FuzzCase } from "./schemas.js";

export interface FuzzOptions {
  seed: number;
  schemas: number;
  instances: number;
  /** Cases per TypeScript program. */
  batch: number;
  /** Which checks to run (default both): Zod against Ajv, and the TS modules. */
  phases?: readonly ("zod" | "types")[];
  /** Told after each type-checked batch: how many cases have passed the TS checks so far. */
  onBatch?: (typechecked: number) => void;
}

export interface FuzzReport {
  seed: number;
  schemas: number;
  /** Of them, schemas Ajv could not compile (skipped). */
  skipped: number;
  instances: number;
  acceptedByAjv: number;
  rejectedByAjv: number;
  /** Schemas whose Zod schema was expected to agree exactly (the others may only be looser, with a warning). */
  exactSchemas: number;
  typecheckPrograms: number;
}

interface Sample {
  c: FuzzCase;
  instances: Json[];
}

export function sampleArbitrary(instances: number): fc.Arbitrary<Sample> {
  return caseArbitrary().chain((c) => instancesArbitrary(c.schema, instances).map((list) => ({ c, instances: list })));
}

const describeDisagreement = (sample: Sample) => JSON.stringify(zodAgainstAjv(sample.c, sample.instances)?.disagreements.slice(0, 3));

export async function fuzz(options: FuzzOptions): Promise<FuzzReport> {
  const arbitrary = sampleArbitrary(options.instances);
  const report: FuzzReport = { seed: options.seed, schemas: options.schemas, skipped: 0, instances: 0, acceptedByAjv: 0, rejectedByAjv: 0, exactSchemas: 0, typecheckPrograms: 0 };
  const check = { seed: options.seed, numRuns: options.schemas, verbose: 0 } as const;

  const phases = options.phases ?? ["zod", "types"];
  if (phases.includes("zod")) fc.assert(
    fc.property(arbitrary, (sample) => {
      const verdicts = zodAgainstAjv(sample.c, sample.instances);
      if (verdicts === undefined) return true;
      if (verdicts.disagreements.length > 0) throw new Error(`Zod and Ajv disagree: ${describeDisagreement(sample)}`);
      return true;
    }),
    check,
  );

  // The same cases again (same seed): counted, then compiled in batches.
  const samples = fc.sample(arbitrary, { seed: options.seed, numRuns: options.schemas });
  for (const sample of samples) {
    const verdicts = zodAgainstAjv(sample.c, sample.instances);
    if (verdicts === undefined) {
      report.skipped++;
      continue;
    }
    report.instances += sample.instances.length;
    report.acceptedByAjv += verdicts.accepted;
    report.rejectedByAjv += verdicts.rejected;
    if (verdicts.exact) report.exactSchemas++;
  }
  for (let start = 0; phases.includes("types") && start < samples.length; start += options.batch) {
    const batch = samples.slice(start, start + options.batch);
    const diagnostics = typecheckModules(await Promise.all(batch.map((s) => caseModule(s.c, s.instances))));
    report.typecheckPrograms++;
    const failing = diagnostics.findIndex((list) => list.length > 0);
    if (failing >= 0) await shrinkTypeFailure(arbitrary, options.seed, start + failing, diagnostics[failing] ?? []);
    options.onBatch?.(start + batch.length);
  }
  return report;
}

/** Replay case `index` of the run alone and let fast-check shrink it; throws its report. */
async function shrinkTypeFailure(arbitrary: fc.Arbitrary<Sample>, seed: number, index: number, first: string[]): Promise<never> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (sample) => {
      const [diagnostics = []] = typecheckModules([await caseModule(sample.c, sample.instances)]);
      if (diagnostics.length > 0) throw new Error(`generated module does not type-check:\n${diagnostics.slice(0, 4).join("\n")}\n${await caseModule(sample.c, sample.instances)}`);
    }),
    { seed, path: String(index), numRuns: index + 1 },
  );
  throw new Error(`case ${index} of seed ${seed} did not type-check in its batch but did alone: ${first.join("\n")}`);
}
