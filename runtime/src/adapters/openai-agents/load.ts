/** The OpenAI Agents SDK (`@openai/agents`, an optional peer), loaded when the first tools are built. */
import { peerLoader } from "../peer.js";

export type AgentsModule = typeof import("@openai/agents");

export const loadAgents: () => Promise<AgentsModule> = peerLoader("@openai/agents", ">=0.20 <1", () => import("@openai/agents"));
