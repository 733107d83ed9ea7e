import { canStartTrial, trialText } from "./plan";
import type { StoreWithSettings } from "./store.server";

/** What the plan panel shows: the resolved tier, the trial state and its sentence. */
export function planSummary(store: StoreWithSettings, now = new Date()) {
  return {
    tier: store.licence.tier,
    trial: store.licence.trial,
    trialText: store.licence.trial ? trialText(store.licence, now) : null,
    canStartTrial: canStartTrial(store, now),
    hadTrial: store.trialExpiration !== null,
  };
}
