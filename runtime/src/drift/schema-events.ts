/**
 * Which rule a schema change maps to, by side. The schema walker names what happened
 * (`typeNarrowed`, `propertyRemovedOptional`, …) without knowing the direction; this table says
 * what that means when the caller sends the value (`input`) or the server does (`output`).
 * `null` = not reported on that side.
 */
import type { RuleId } from "./rules.js";

export type SchemaSide = "input" | "output";

export const SCHEMA_EVENTS = {
  typeNarrowed: { input: "input-type-narrowed", output: "output-type-narrowed" },
  typeWidened: { input: "input-type-widened", output: "output-type-widened" },
  typeChanged: { input: "input-type-changed", output: "output-type-changed" },
  becameNullable: { input: "input-became-nullable", output: "output-became-nullable" },
  becameNonNullable: { input: "input-became-non-nullable", output: "output-became-non-nullable" },
  enumValueAdded: { input: "input-enum-value-added", output: "output-enum-value-added" },
  enumValueRemoved: { input: "input-enum-value-removed", output: "output-enum-value-removed" },
  enumIntroduced: { input: "input-enum-introduced", output: "output-constraint-tightened" },
  enumLifted: { input: "input-constraint-loosened", output: "output-constraint-loosened" },
  constChanged: { input: null, output: "output-const-changed" },
  constraintTightened: { input: "input-constraint-tightened", output: "output-constraint-tightened" },
  constraintLoosened: { input: "input-constraint-loosened", output: "output-constraint-loosened" },
  constraintAdded: { input: "input-constraint-added", output: "output-constraint-tightened" },
  constraintRemoved: { input: "input-constraint-loosened", output: "output-constraint-loosened" },
  /** A constraint replaced by one that is neither tighter nor looser (a new `pattern`): assume the worst. */
  constraintReplaced: { input: "input-constraint-tightened", output: "output-constraint-loosened" },
  formatAdded: { input: "input-format-changed", output: "output-constraint-tightened" },
  formatChanged: { input: "input-format-changed", output: "output-format-changed" },
  formatRemoved: { input: "input-constraint-loosened", output: "output-constraint-loosened" },
  defaultChanged: { input: "input-default-changed", output: null },
  branchAdded: { input: "input-union-branch-added", output: "output-union-branch-added" },
  branchRemoved: { input: "input-union-branch-removed", output: "output-union-branch-removed" },
  additionalDisallowed: { input: "input-additional-properties-disallowed", output: "output-additional-properties-disallowed" },
  additionalAllowed: { input: "input-additional-properties-allowed", output: "output-additional-properties-allowed" },
  propertyAddedRequired: { input: "input-required-property-added", output: "output-property-added" },
  propertyAddedOptional: { input: "input-optional-property-added", output: "output-property-added" },
  propertyRemovedRequired: { input: "input-property-removed", output: "output-required-property-removed" },
  propertyRemovedOptional: { input: "input-property-removed", output: "output-optional-property-removed" },
  becameRequired: { input: "input-property-became-required", output: "output-property-became-required" },
  becameOptional: { input: "input-property-became-optional", output: "output-property-became-optional" },
  descriptionChanged: { input: "property-description-changed", output: "property-description-changed" },
  titleChanged: { input: "title-changed", output: "title-changed" },
  annotationChanged: { input: "schema-annotation-changed", output: "schema-annotation-changed" },
  schemaChanged: { input: "input-schema-changed", output: "output-schema-changed" },
} as const satisfies Record<string, Record<SchemaSide, RuleId | null>>;

export type SchemaEvent = keyof typeof SCHEMA_EVENTS;

/** How a constraint keyword tightens: a larger lower bound, a smaller upper bound, … */
export type ConstraintKind = "lower" | "upper" | "multiple" | "flag" | "opaque";

export const CONSTRAINT_KEYWORDS: Record<string, ConstraintKind> = {
  minimum: "lower",
  exclusiveMinimum: "lower",
  minLength: "lower",
  minItems: "lower",
  minProperties: "lower",
  minContains: "lower",
  maximum: "upper",
  exclusiveMaximum: "upper",
  maxLength: "upper",
  maxItems: "upper",
  maxProperties: "upper",
  maxContains: "upper",
  multipleOf: "multiple",
  uniqueItems: "flag",
  pattern: "opaque",
};

/** Schema keywords that only annotate (they may still reach the model, hence reported). */
export const ANNOTATION_KEYWORDS = ["examples", "deprecated", "readOnly", "writeOnly", "contentMediaType", "contentEncoding"] as const;
