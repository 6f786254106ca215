/**
 * `npm run fuzz`: the long fuzz run (FUZZ_SCHEMAS schemas, default 2,000, × FUZZ_INSTANCES
 * instances, default 20) from FUZZ_SEED (default: a new seed, printed first so any run can be
 * repeated).
 */
import { fuzz } from "./fuzz.js";
import { projectionRoundTrip } from "./projection.js";

const seed = Number(process.env["FUZZ_SEED"] ?? Math.floor(Math.random() * 2 ** 31));
const schemas = Number(process.env["FUZZ_SCHEMAS"] ?? 2_000);
const instances = Number(process.env["FUZZ_INSTANCES"] ?? 20);
console.log(`fuzz: seed ${seed}, ${schemas} schemas × ${instances} instances (repeat with FUZZ_SEED=${seed})`);
const started = Date.now();
// FUZZ_PHASES=zod or types runs one of the two checks (e.g. in two processes).
// FUZZ_PHASES=projection runs the model-schema round trip (modelSchema projections) alone.
const phases = (process.env["FUZZ_PHASES"] ?? "zod,types,projection").split(",") as ("zod" | "types" | "projection")[];
if (phases.includes("projection")) {
  const projected = projectionRoundTrip({ seed, schemas, instances });
  console.log(
    `fuzz: model-schema projections of ${projected.schemas} schemas meet the providers' rules (lossy ones too, their losses reported); ` +
      `round trip over the ${projected.faithful["openai-strict"]} faithful openai-strict and ${projected.faithful.gemini} faithful gemini projections: ` +
      `${projected.checkedValues} values valid under a projection map back to valid ones`,
  );
}
const batch = Number(process.env["FUZZ_BATCH"] ?? 250);
const onBatch = (done: number) => console.log(`fuzz: ${done} of ${schemas} schemas type-checked, no failure so far`);
const report = await fuzz({ seed, schemas, instances, batch, phases: phases.filter((phase) => phase !== "projection"), onBatch });
console.log(
  `fuzz: ${report.schemas} schemas (${report.skipped} Ajv could not compile), ${report.instances} instances ` +
    `(${report.acceptedByAjv} valid, ${report.rejectedByAjv} invalid per Ajv), ${report.exactSchemas} schemas checked for exact agreement, ` +
    `${report.typecheckPrograms} TypeScript programs (phases ${phases.join(", ")}); 0 disagreements; ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
