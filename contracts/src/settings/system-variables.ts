/**
 * System-generated variables. Company ones are seeded into every new company
 * (CompanyVariablesSeeded); administrator ones are seeded once (AdminVariablesSeeded).
 * Their ids are fixed per company / globally so seeding is idempotent; they cannot be
 * renamed or deleted (deactivated).
 */
export interface SystemVariableSeed {
  /** Stable key used to build the variable id. */
  key: string;
  variableName: string;
  title: string;
  description: string;
  isBooleanType: boolean;
  defaultValue: string | null;
}

export const SYSTEM_COMPANY_VARIABLES: readonly SystemVariableSeed[] = [
  {
    key: 'business-name',
    variableName: 'BusinessName',
    title: 'Business Name',
    description: 'Brand name used in replies and post templates.',
    isBooleanType: false,
    defaultValue: null,
  },
  {
    key: 'review-reply-signature',
    variableName: 'ReviewReplySignature',
    title: 'Review Reply Signature',
    description: 'Text appended to every review reply.',
    isBooleanType: false,
    defaultValue: null,
  },
  {
    key: 'notify-new-reviews',
    variableName: 'NotifyOnNewReviews',
    title: 'Notify On New Reviews',
    description: 'Send an email to company admins when a new review arrives.',
    isBooleanType: true,
    defaultValue: '1',
  },
  {
    key: 'location-users-can-reply',
    variableName: 'LocationUsersCanReply',
    title: 'Location Users Can Reply',
    description: 'Allow company users to reply to reviews of their locations.',
    isBooleanType: true,
    defaultValue: '1',
  },
  {
    key: 'default-time-zone',
    variableName: 'DefaultTimeZone',
    title: 'Default Time Zone',
    description: 'IANA time zone used for scheduled posts.',
    isBooleanType: false,
    defaultValue: 'America/New_York',
  },
];

export const SYSTEM_ADMIN_VARIABLES: readonly SystemVariableSeed[] = [
  {
    key: 'ai-replies-enabled',
    variableName: 'AIReviewRepliesEnabled',
    title: 'AI Review Replies Enabled',
    description: 'Companies may draft review replies with AI.',
    isBooleanType: true,
    defaultValue: '1',
  },
  {
    key: 'localeze-enabled',
    variableName: 'LocalezePublishingEnabled',
    title: 'Localeze Publishing Enabled',
    description: 'Locations may be published to Localeze directories.',
    isBooleanType: true,
    defaultValue: '0',
  },
  {
    key: 'max-locations',
    variableName: 'MaxLocationsPerCompany',
    title: 'Max Locations Per Company',
    description: 'Upper bound of imported locations per company.',
    isBooleanType: false,
    defaultValue: '1000',
  },
];

export const systemCompanyVariableId = (companyId: string, key: string) => `sys-${key}-${companyId}`;
export const systemAdminVariableId = (key: string) => `sys-${key}`;
