/** UI and API texts of the users and profile slice (spec part 2, §5 and §8). One place, so they can be found. */
export const USERS_PAGE_SIZE = 15;
export const PASSWORD_MIN_LENGTH = 8;
/** How long an invitation's set-password link works (single use; a resend replaces it). */
export const INVITATION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Avatar upload limit (bytes) and accepted image types. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const userMessages = {
  firstNameRequired: 'First name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  phoneRequired: 'Phone Number is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  confirmPasswordRequired: 'Confirm Password field is required',
  passwordOrConfirmMissing: 'Password or Confirm Password is Not Entered',
  passwordsNotSame: 'Password And Confirm Password are Not same',
  emailTaken: 'A user with this email already exists.',
  userCreated: 'User created successfully',
  invitationSent: 'The invitation has been sent successfully',
  invitationQueued: 'The invitation is waiting for the mail server; it is sent as soon as the server takes it.',
  invitationInactiveUser: 'A deactivated user cannot be invited.',
  invitationFallbackInviter: 'your company',
  companyAdminCreated: 'Company admin created successfully',
  userUpdated: 'User updated successfully',
  userDeactivated: 'The selected user has been deactivated successfully',
  userActivated: 'The selected user has been activated successfully',
  userDeleted: 'The selected user has been deleted successfully',
  userNotFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDeleteDefaultAdmin: 'The default company admin cannot be deleted.',
  cannotDeactivateDefaultAdmin: 'The default company admin cannot be deactivated.',
  // Profile
  profileUpdated: 'Your Profile update successfully',
  passwordReset: 'Your password reset successfully.',
  passwordsDoNotMatch: 'Passwords do not match.',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  currentPasswordWrong: 'Your current password is incorrect.',
  newPasswordSameAsCurrent: 'The new password must be different from the current password.',
  avatarUpdated: 'Your profile image has been updated successfully',
  avatarRemoved: 'Your profile image has been removed successfully',
  avatarMissing: 'Please choose an image file to upload.',
  avatarNotImage: 'Only image files (PNG, JPEG, GIF, WebP) are allowed.',
  avatarTooLarge: `The image must be at most ${AVATAR_MAX_BYTES / (1024 * 1024)} MB.`,
} as const;
