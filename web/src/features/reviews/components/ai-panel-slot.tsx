/**
 * Where the AI auto-reply switch and the AI settings panel of /company-reviews go (spec part 2
 * §2). They belong to the reviews-ai work, which fills this component; until then it renders
 * nothing, so the page shows no control that does nothing.
 */
export function AiPanelSlot(_props: { companyId: string }) {
  return null;
}
