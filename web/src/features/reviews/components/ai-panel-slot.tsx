import { FeatureSlot } from '@web/app/feature-slots';

/**
 * Where the AI auto-reply switch and the AI settings panel of /company-reviews go (spec part 2
 * §2): the reviews-ai feature fills the app's `reviewsAiPanel` slot (features never import
 * each other).
 */
export function AiPanelSlot({ companyId }: { companyId: string }) {
  return <FeatureSlot name="reviewsAiPanel" companyId={companyId} />;
}
