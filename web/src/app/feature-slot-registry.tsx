import type { FeatureSlots } from './feature-slots';
import { webManifests } from './features';

/** Which feature fills each slot (each feature's manifest names its own); loaded on first use. */
export const featureSlots: FeatureSlots = Object.assign({}, ...webManifests.map((feature): FeatureSlots => feature.slots));
