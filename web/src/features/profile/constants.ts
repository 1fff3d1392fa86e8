import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES, userMessages } from '@locus/contracts';

export { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES };

/** User Profile texts (spec part 2 §2 Profile, §5, §8). */
export const profileTexts = {
  title: 'User Profile',
  personalInfo: 'Personal Information',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone Number',
  companyName: 'Company Name',
  address1: 'Address Line 1',
  address2: 'Address Line 2',
  city: 'City',
  postalCode: 'Postal Code',
  updateProfile: 'Update Profile',
  uploadImage: 'Upload Image',
  removeImage: 'Remove Image',
  passwordResetTitle: 'Password Reset',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  reEnterPassword: 'Re-Enter Password',
  resetPassword: 'Reset Password',
  genericFailure: 'Something went wrong. Please try again later.',
  ...userMessages,
} as const;

/** The "Review notifications" card. */
export const notificationTexts = {
  title: 'Review notifications',
  alertLabel: 'E-mail me at once about a new review rated',
  alertHelp: 'On the locations you work on (every location for company admins).',
  off: 'Off',
  starsOrLess: (n: number) => (n === 5 ? '5★ or less (every review)' : `${n}★ or less`),
  digestLabel: 'Review digest',
  digestHelp: 'New reviews, unanswered reviews and the average rating per location and group.',
  digestChoices: { off: 'Off', daily: 'Daily', weekly: 'Weekly (Mondays)' },
  save: 'Save notifications',
  saved: 'Notification settings saved',
  unsubscribed: (at: string) => `You unsubscribed from a mail's link on ${at}: alerts and the digest are off until you turn them on again here.`,
  genericFailure: 'Something went wrong. Please try again later.',
} as const;
