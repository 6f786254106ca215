/** Hand-written tool descriptors for the example math server, as a generator would emit them. */
import * as z from "zod";
import type { ToolDescriptor } from "../../runtime/src/index.js";

const operands = z.object({ a: z.number(), b: z.number() });
const result = z.object({ result: z.number() });

export type Operands = z.infer<typeof operands>;
export type NumberResult = z.infer<typeof result>;

export const addTool: ToolDescriptor<Operands, NumberResult> = {
  name: "add",
  description: "Add two numbers.",
  fingerprint: "test",
  input: operands,
  output: result,
};

export const divideTool: ToolDescriptor<Operands, NumberResult> = {
  name: "divide",
  description: "Divide a by b. Fails when b is 0.",
  fingerprint: "test",
  input: operands,
  output: result,
};

export const randomTool: ToolDescriptor<{ max?: number | undefined } | undefined, { value: number }> = {
  name: "random",
  description: "A 'random' number.",
  fingerprint: "test",
  input: z.object({ max: z.number().optional() }),
  output: z.object({ value: z.number() }),
};

/** The same wire tool, described with an output schema the server does not satisfy. */
export const addWithWrongOutput: ToolDescriptor<Operands, { total: number }> = {
  name: "add",
  description: "Add two numbers.",
  fingerprint: "test",
  input: operands,
  output: z.object({ total: z.number() }),
};
