import { Spinner, SpinnerSize } from '@blueprintjs/core';
import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Places where one feature shows another feature's component. Features never import each other:
 * a feature renders `<FeatureSlot name=... />`, and the app fills the slots (feature-slot-registry).
 */
export interface FeatureSlotProps {
  /** Associated Locations panel of the user edit dialog (users ← assignments). */
  userLocationsPanel: { userId: string };
  /** Company Location(s) tab of the Update Company dialog (companies ← locations). */
  companyLocations: { companyId: string };
  /** The location's Users dialog (location-details ← assignments). */
  locationUsersDialog: { locationId: string; locationTitle: string; onClose: () => void };
  /** The location's insight sections (location-details ← insights). */
  locationInsights: { locationId: string };
  /** Location details → Reviews section (location-details ← reviews). */
  locationReviews: { locationId: string };
  /** The AI auto-reply switch and AI settings panel of /company-reviews (reviews ← reviews-ai). */
  reviewsAiPanel: { companyId: string };
  /** A "Location group" filter (directory, dashboard, reviews, pickers ← location-groups); '' is every group. */
  locationGroupFilter: { value: string; onChange: (groupId: string) => void };
  /** The dashboard's listing-health tile (dashboard ← locations). */
  dashboardListingHealth: Record<never, never>;
}
export type FeatureSlotName = keyof FeatureSlotProps;
export type FeatureSlots = { [K in FeatureSlotName]?: ComponentType<FeatureSlotProps[K]> };

const FeatureSlotsContext = createContext<FeatureSlots>({});

export const FeatureSlotsProvider = ({ slots, children }: { slots: FeatureSlots; children: ReactNode }) => (
  <FeatureSlotsContext.Provider value={slots}>{children}</FeatureSlotsContext.Provider>
);

/** Whether the app filled a slot (a feature may hide a button whose dialog is not available). */
export const useHasFeatureSlot = (name: FeatureSlotName): boolean => Boolean(useContext(FeatureSlotsContext)[name]);

/** Renders the component the app put in this slot; nothing when the slot is empty. */
export function FeatureSlot<K extends FeatureSlotName>({ name, ...props }: { name: K } & FeatureSlotProps[K]) {
  const Component = useContext(FeatureSlotsContext)[name] as ComponentType<FeatureSlotProps[K]> | undefined;
  if (!Component) return null;
  return (
    <Suspense fallback={<Spinner size={SpinnerSize.SMALL} />}>
      <Component {...(props as unknown as FeatureSlotProps[K])} />
    </Suspense>
  );
}
