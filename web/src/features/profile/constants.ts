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
