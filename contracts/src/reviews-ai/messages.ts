/** Texts of the AI review settings, automation and approval screens (spec part 2 §2, §4, §8, §9). */
export const reviewsAiMessages = {
  settingsSaved: 'Your changes have been saved successfully',
  rulesSaved: 'Your auto-reply rules have been saved successfully',
  brandSaved: 'Your brand settings have been saved successfully',
  cancelled: 'The reply was taken out of the outbox',
  approved: 'The reply was approved and is being posted',
  rejected: 'The reply was rejected',
  congratulationsTitle: 'Congratulations!',
  congratulationsText: 'The AI-generated review response has been successfully posted.',
  activationTitle: 'Activate AI auto-replies',
  activationText: 'With AI auto-replies on, new reviews get a reply drafted by AI, posted, sent for approval or left for you according to your rules.',
} as const;

/** How long an approval link is valid when the config does not say. */
export const DEFAULT_APPROVAL_LINK_TTL_HOURS = 72;
