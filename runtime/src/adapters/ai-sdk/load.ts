/** The AI SDK (`ai`, an optional peer) and `zod`, loaded when the first AI SDK tools are built. */
import { peerLoader } from "../peer.js";

export interface AiSdkModules {
  ai: typeof import("ai");
  zod: typeof import("zod");
}

const loadAi = peerLoader("ai", "^7", () => import("ai"));
const loadZod = peerLoader("zod", "^4", () => import("zod"));

export async function loadAiSdk(): Promise<AiSdkModules> {
  const [ai, zod] = await Promise.all([loadAi(), loadZod()]);
  return { ai, zod };
}
