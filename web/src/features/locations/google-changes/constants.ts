/** Texts of Google's own changes (badge, filter, diff, bulk decisions). */
export const googleChangesTexts = {
  badge: (n: number) => `Google changed ${n} field${n === 1 ? '' : 's'}`,
  filter: 'Google changes only',
  panelTitle: "Google's changes",
  panelIntro: 'Google shows these values on Maps and Search instead of yours. Accept Google’s value to make it yours, or keep yours to send it back to Google.',
  field: 'Field',
  google: "Google's value",
  locus: "Locus's value",
  empty: '(none)',
  accept: "Accept Google's",
  keep: "Keep Locus's",
  accepted: (label: string) => `${label}: Google's value accepted.`,
  kept: (label: string) => `${label}: your value was sent back to Google.`,
  failed: 'The decision could not be saved',
  bulkAccept: "Accept Google's changes",
  bulkKeep: "Keep Locus's values",
  bulkTitle: (accept: boolean) => (accept ? "Accepting Google's changes" : "Keeping Locus's values"),
  bulkNone: 'None of the selected locations has changes from Google.',
  bulkConfirm: (accept: boolean, n: number) =>
    accept
      ? `Accept every change Google made on ${n} location${n === 1 ? '' : 's'}? Google's values replace yours.`
      : `Send your values back to Google for every field it changed on ${n} location${n === 1 ? '' : 's'}?`,
  bulkProgress: (done: number, total: number) => `${done} of ${total} locations`,
  bulkDone: (ok: number, failed: number) => `${ok} location${ok === 1 ? '' : 's'} done${failed ? `, ${failed} failed` : ''}.`,
  close: 'Close',
  selected: (n: number) => `${n} selected`,
  select: (title: string) => `Select ${title}`,
  selectPage: 'Select every location on this page',
} as const;
