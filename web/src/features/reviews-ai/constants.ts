import { reviewsAiMessages } from '@locus/contracts';

/** Texts of the AI review settings, outbox, approvals, brand and approval pages (spec part 2 §2, §4, §8, §9). */
export const aiTexts = {
  ...reviewsAiMessages,
  switchLabel: 'AI auto-reply',
  settingsTitle: 'AI settings',
  apology: 'Apology',
  reviewsOverwrite: 'Overwrite existing replies',
  tone: 'Tone',
  verbosity: 'Verbosity',
  style: 'Style',
  friendliness: 'Friendliness',
  saveSettings: 'Save settings',
  activate: 'Activate',
  cancel: 'Cancel',
  close: 'Close',
  turnOffConfirm: 'Turn off AI auto-replies? New reviews will no longer be drafted or answered.',
  sample: 'Generate sample reply',
  sampleFor: 'Sample reply to',
  noReview: 'There is no review with text to draft a sample reply for yet.',
  offHint: 'Turn on AI auto-reply to change the reply settings and generate replies.',
  genericFailure: 'An error occured while saving your changes',
  rulesTitle: 'Auto-reply rules',
  rulesHint: 'The first rule that matches a new review decides: post after a delay, send for approval, or leave it for a person.',
  addRule: 'Add rule',
  saveRules: 'Save rules',
  noRules: 'No rules: new reviews are left for a person.',
  stars: 'Stars',
  to: 'to',
  sentiment: 'Sentiment',
  text: 'Text',
  action: 'Action',
  delay: 'Delay',
  removeRule: 'Remove rule',
  outboxTitle: 'Outbox',
  outboxEmpty: 'No replies are waiting to be posted.',
  postsAt: 'Posts at',
  cancelReply: 'Cancel reply',
  cancelConfirm: 'Take this reply out of the outbox? It will not be posted.',
  approvalsTitle: 'Pending approvals',
  approvalsEmpty: 'No replies are waiting for approval.',
  approve: 'Approve',
  reject: 'Reject',
  rejectConfirm: 'Reject this reply? It will not be posted.',
  failedTitle: 'Failed drafts',
} as const;

export const ACTION_LABELS = { post: 'Post after delay', approval: 'Send for approval', leave: 'Leave for a person' } as const;
export const TEXT_LABELS = { any: 'With or without text', with: 'With text', without: 'Without text' } as const;
export const SENTIMENT_LABELS = { Any: 'Any sentiment', Positive: 'Positive', Neutral: 'Neutral', Negative: 'Negative' } as const;
/** Delays the rule editor offers, in minutes. */
export const DELAY_MINUTES = [0, 1, 5, 15, 30, 60, 240, 1440] as const;
export const delayLabel = (m: number) =>
  m === 0
    ? 'Immediately'
    : m < 60
      ? `${m} minute${m === 1 ? '' : 's'}`
      : m < 1440
        ? `${m / 60} hour${m === 60 ? '' : 's'}`
        : `${m / 1440} day${m === 1440 ? '' : 's'}`;

export const brandTexts = {
  title: 'Brand Settings',
  subtitle: 'How replies to reviews speak for your company, and who signs them on the approval page.',
  displayName: 'Display name',
  logoUrl: 'Logo URL',
  agentName: "Responding agent's name",
  agentTitle: "Responding agent's title",
  agentPhotoUrl: "Responding agent's photo URL",
  voiceNotes: 'Voice notes for the AI',
  signOff: 'Sign-off',
  wordsToAvoid: 'Words never to use (comma-separated)',
  save: 'Save',
  readOnly: 'Only company admins can change the brand settings.',
  noCompany: 'Switch into a company to see its brand settings.',
  genericFailure: 'An error occured while saving your changes',
} as const;

export const approvalTexts = {
  approve: 'APPROVE',
  reply: 'Reply',
  close: 'Close',
  loading: 'Loading the review…',
  missingLink: 'This page needs the link from the approval email.',
  failed: 'The reply could not be approved.',
  unavailableTitle: 'This link cannot be used',
} as const;
