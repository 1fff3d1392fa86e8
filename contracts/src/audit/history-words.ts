/**
 * The company history in words: every event type and every entity type (stream category) as
 * people read it, and how an entity whose own events carry no name is named (by the location,
 * user, template or company it belongs to). history-words.unit.spec.ts fails when an event
 * type or a stream of the contracts has no words here.
 */

/** Event type → what happened, as the history shows it. */
export const EVENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  AdminVariableCreated: 'System variable created',
  AdminVariableDeleted: 'System variable deleted',
  AdminVariableUpdated: 'System variable changed',
  AdminVariableValueSet: 'System variable value set',
  AdminVariablesSeeded: 'System variables set up',
  AdministratorExitedCompanyView: 'Administrator left the company',
  AdministratorSwitchedIntoCompany: 'Administrator entered the company',
  AutoReplyCancelled: 'Automatic reply cancelled',
  AutoReplyLeft: 'Review left to a person',
  AutoReplyReleased: 'Automatic reply released',
  AutoReplyRulesSaved: 'Automatic reply rules saved',
  AutoReplyScheduled: 'Automatic reply scheduled',
  AutomatedReplyWithdrawn: 'Automatic reply withdrawn',
  AvatarChanged: 'Profile picture changed',
  AvatarRemoved: 'Profile picture removed',
  AzureCredentialsSaved: 'Azure credentials saved',
  AzureDirectoryConnected: 'Azure directory connected',
  AzureDirectoryConnectionLost: 'Azure directory connection lost',
  AzureDirectoryUserConnected: 'User connected from Azure',
  AzureTokensRefreshed: 'Azure sign-in renewed',
  BrandSettingsSaved: 'Brand settings saved',
  BulkEditCancelRequested: 'Bulk edit cancel asked',
  BulkEditJobStarted: 'Bulk edit started',
  BulkEditLocationFailed: 'Bulk edit failed for a location',
  BulkEditLocationSucceeded: 'Bulk edit applied to a location',
  BulkEditRetryRequested: 'Bulk edit retry asked',
  BulkEditRoundFinished: 'Bulk edit round finished',
  CompanyActivated: 'Company activated',
  CompanyAdminVariableValueSet: 'System variable value set for the company',
  CompanyCreated: 'Company created',
  CompanyDeactivated: 'Company deactivated',
  CompanyDeleted: 'Company deleted',
  CompanyRenamed: 'Company renamed',
  CompanyVariableCreated: 'Company variable created',
  CompanyVariableDeleted: 'Company variable deleted',
  CompanyVariableUpdated: 'Company variable changed',
  CompanyVariableValueSet: 'Company variable value set',
  CompanyVariablesSeeded: 'Company variables set up',
  EmailReleased: 'E-mail address freed',
  EmailReserved: 'E-mail address taken',
  GoogleAccountConnected: 'Google account connected',
  GoogleAccountDisconnected: 'Google account disconnected',
  GoogleAuthorizationGranted: 'Google access granted',
  GoogleCategoriesFetched: 'Google categories fetched',
  GoogleSignInSucceeded: 'Signed in with Google',
  GoogleWorkspaceConnected: 'Google Workspace connected',
  GoogleWorkspaceUserAdded: 'User added from Google Workspace',
  InsightsDailyRefreshDue: 'Daily insights refresh due',
  LocalPostApprovedByGoogle: 'Google approved the post after its review',
  LocalPostDeleteFailed: 'Post delete failed',
  LocalPostDeleteRequested: 'Post delete asked',
  LocalPostDeleted: 'Post deleted',
  LocalPostFailed: 'Post failed',
  LocalPostPublished: 'Post published',
  LocalPostRejectedByGoogle: 'Google rejected the post after its review',
  LocalPostRequested: 'Post asked',
  LocationAttributesUpdated: 'Location attributes changed',
  LocationContentRefreshFailed: 'Location content refresh failed',
  LocationContentRefreshRequested: 'Location content refresh asked',
  LocationCreated: 'Location created',
  LocationDefaultImageDeleted: 'Default image deleted',
  LocationDefaultsSaved: 'Location defaults saved',
  LocationDeleteFailed: 'Location delete failed',
  LocationDeleteRequested: 'Location delete asked',
  LocationDeleted: 'Location deleted',
  LocationGoogleUpdateFailed: 'Google refused the location change',
  LocationGoogleUpdateSucceeded: 'Google took the location change',
  LocationGroupCreated: 'Location group created',
  LocationGroupDeleted: 'Location group deleted',
  LocationGroupRenamed: 'Location group renamed',
  LocationHoursUpdated: 'Location hours changed',
  LocationImported: 'Location imported from Google',
  LocationInsightsImportFailed: 'Insights import failed',
  LocationMediaAdded: 'Photo added',
  LocationMediaDeleteFailed: 'Photo delete failed',
  LocationMediaDeleteRequested: 'Photo delete asked',
  LocationMediaDeleted: 'Photo deleted',
  LocationMediaFailed: 'Photo upload failed',
  LocationMediaRefreshed: 'Photos refreshed from Google',
  LocationMediaRequested: 'Photo upload asked',
  LocationMetricsImported: 'Insights imported',
  LocationPostsRefreshed: 'Posts refreshed from Google',
  LocationPublishFailed: 'Location publish failed',
  LocationPublishRequested: 'Location publish asked',
  LocationPublished: 'Location published',
  LocationQuestionsRefreshed: 'Questions refreshed from Google',
  LocationSearchKeywordsImported: 'Search keywords imported',
  LocationSyncFailed: 'Location sync failed',
  LocationSyncRequested: 'Location sync asked',
  LocationSynced: 'Location synced with Google',
  LocationUpdated: 'Location changed',
  LocationsAddedToGroup: 'Locations added to a group',
  LocationsImportFailed: 'Location import failed',
  LocationsImportProgressed: 'Location import progressed',
  LocationsImportRequested: 'Location import asked',
  LocationsRemovedFromGroup: 'Locations removed from a group',
  LoginSucceeded: 'Signed in',
  OtpFailed: 'Sign-in code refused',
  OtpIssued: 'Sign-in code sent',
  OtpResent: 'Sign-in code sent again',
  OtpVerified: 'Sign-in code accepted',
  ParkedReactorEventRetried: 'Held-back task retried',
  ParkedReactorEventSkipped: 'Held-back task skipped',
  PasswordChanged: 'Password changed',
  PasswordResetMailFailed: 'Password reset mail failed',
  PasswordResetMailSent: 'Password reset mail sent',
  PasswordResetRequested: 'Password reset asked',
  PostTemplateDeleted: 'Post template deleted',
  PostTemplatePublishRequested: 'Post template publish asked',
  PostTemplateSaved: 'Post template saved',
  PostTemplateScheduleCancelled: 'Post template schedule cancelled',
  ProfileUpdated: 'Profile changed',
  ProjectionRebuildStarted: 'Read model rebuild started',
  ReviewAiSettingsSaved: 'AI reply settings saved',
  ReviewApprovalGranted: 'Reply approved',
  ReviewApprovalRejected: 'Reply turned down',
  ReviewApprovalRequested: 'Reply approval asked',
  ReviewReceived: 'Review received',
  ReviewRemoved: 'Review removed',
  ReviewReplyDeleteRequested: 'Reply delete asked',
  ReviewReplyDeleted: 'Reply deleted',
  ReviewReplyDraftFailed: 'AI reply draft failed',
  ReviewReplyDrafted: 'AI reply drafted',
  ReviewReplyFailed: 'Reply failed',
  ReviewReplyPosted: 'Reply posted',
  ReviewReplyRequested: 'Reply asked',
  ReviewUpdated: 'Review changed',
  ReviewsSyncFailed: 'Reviews sync failed',
  ReviewsSyncRequested: 'Reviews sync asked',
  ReviewsSynced: 'Reviews synced',
  SessionEnded: 'Signed out',
  StaffMemberCreated: 'Staff member created',
  StaffMemberDeactivated: 'Staff member deactivated',
  StaffMemberUpdated: 'Staff member changed',
  StoreCodeReleased: 'Store code freed',
  StoreCodeReserved: 'Store code taken',
  TemplatePostApprovedByGoogle: 'Google approved the template post after its review',
  TemplatePostCreated: 'Template post published',
  TemplatePostFailed: 'Template post failed',
  TemplatePostRejected: 'Google refused the template post',
  TemplatePostRequested: 'Template post asked',
  TemplatePostRetryRequested: 'Template post retry asked',
  TemplatePostStarted: 'Template post started',
  GoogleWorkspaceDisconnected: 'Google Workspace disconnected',
  LocationGoogleChangesAccepted: "Google's changes accepted",
  LocationGoogleChangesFound: 'Changes by Google found',
  LocationGoogleUpdateNotified: "Google's changes announced",
  LocationLocusValuesKept: "Locus's values kept over Google's changes",
  LocationVerificationStateChanged: 'Google verification state changed',
  NotificationPreferencesSet: 'Review notifications set',
  NotificationsUnsubscribed: 'Unsubscribed from review mail',
  ReviewAlertMailed: 'Review alert mailed',
  ReviewDigestMailed: 'Review digest mailed',
  ReviewNotified: 'New review announced by Google',
  UserActivated: 'User activated',
  UserAssignedToGroup: 'User assigned to a location group',
  UserAssignedToLocation: 'User assigned to a location',
  UserCreated: 'User created',
  UserDeactivated: 'User deactivated',
  UserDeleted: 'User deleted',
  UserRegistered: 'Signed up',
  UserUnassignedFromGroup: 'User removed from a location group',
  UserUnassignedFromLocation: 'User removed from a location',
  UserUpdated: 'User changed',
};

/**
 * How an entity is named when its own events carry no name: by the entity its stream belongs
 * to (`stream`: the same id under another type) or by an id in its events (`data`).
 */
export type NamedBy = { via: 'stream'; type: string } | { via: 'data'; field: string; type: string };

export interface EntityTypeWords {
  /** "Google account" */
  words: string;
  namedBy?: NamedBy;
}

const byCompany: NamedBy = { via: 'stream', type: 'company' };
const byLocation: NamedBy = { via: 'stream', type: 'location' };

/** Stream category → the entity type in words. Categories with a dash come before their prefix's match (longest first). */
export const ENTITY_TYPE_WORDS: Readonly<Record<string, EntityTypeWords>> = {
  adminsettings: { words: 'System settings' },
  azuredirectory: { words: 'Azure directory', namedBy: byCompany },
  brand: { words: 'Brand settings', namedBy: byCompany },
  bulkedit: { words: 'Bulk edit' },
  'bulkedit-cancel': { words: 'Bulk edit cancel' },
  company: { words: 'Company' },
  companysettings: { words: 'Company settings', namedBy: byCompany },
  gmbaccount: { words: 'Google account' },
  gmbcategories: { words: 'Google categories' },
  gmbconnection: { words: 'Google connection' },
  googlenotice: { words: "Google's notices", namedBy: byLocation },
  googleworkspace: { words: 'Google Workspace', namedBy: byCompany },
  insights: { words: 'Insights', namedBy: byLocation },
  'insights-daily': { words: 'Daily insights' },
  location: { words: 'Location' },
  'location-content': { words: 'Location posts, photos and questions', namedBy: byLocation },
  locationdefaults: { words: 'Location defaults', namedBy: byCompany },
  locationgroups: { words: 'Location groups', namedBy: byCompany },
  notifications: { words: 'Review notifications', namedBy: { via: 'stream', type: 'user' } },
  'ops-projection': { words: 'Read model' },
  'ops-reactor': { words: 'Background task' },
  otpchallenge: { words: 'Sign-in code', namedBy: { via: 'data', field: 'userId', type: 'user' } },
  posttemplate: { words: 'Post template' },
  review: { words: 'Review' },
  'review-alerts': { words: 'Review alerts', namedBy: { via: 'stream', type: 'review' } },
  'review-automation': { words: 'Automatic reply', namedBy: { via: 'stream', type: 'review' } },
  'review-sync': { words: 'Reviews sync', namedBy: byLocation },
  'reviews-ai': { words: 'AI replies', namedBy: byCompany },
  session: { words: 'Session', namedBy: { via: 'data', field: 'userId', type: 'user' } },
  staff: { words: 'Staff member' },
  storecode: { words: 'Store code', namedBy: { via: 'data', field: 'locationId', type: 'location' } },
  templatepost: { words: 'Template post', namedBy: { via: 'data', field: 'locationId', type: 'location' } },
  user: { words: 'User' },
  useremail: { words: 'User e-mail', namedBy: { via: 'data', field: 'userId', type: 'user' } },
};

/** Categories longest first, so `location-content-<id>` is not read as a location named `content-<id>`. */
const CATEGORIES = Object.keys(ENTITY_TYPE_WORDS).sort((a, b) => b.length - a.length);

/** The entity of a stream `category-id`: its type (the category) and id. */
export function entityOf(streamName: string): { entityType: string; entityId: string } {
  for (const category of CATEGORIES) {
    if (streamName.length > category.length + 1 && streamName.startsWith(`${category}-`)) {
      return { entityType: category, entityId: streamName.slice(category.length + 1) };
    }
  }
  const dash = streamName.indexOf('-');
  if (dash < 0) return { entityType: streamName, entityId: streamName };
  return { entityType: streamName.slice(0, dash), entityId: streamName.slice(dash + 1) };
}

/** "LocationHoursUpdated" → "Location Hours Updated" for a type added without words (the unit test catches it). */
const spaced = (type: string) => type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2');

/** What happened, in words. */
export const eventTypeWords = (type: string): string => {
  const words = EVENT_TYPE_WORDS[type];
  if (words) return words;
  const s = spaced(type);
  return s.charAt(0) + s.slice(1).toLowerCase();
};

/** The entity type in words. */
export const entityTypeWords = (entityType: string): string => ENTITY_TYPE_WORDS[entityType]?.words ?? entityType;

/** The history-entities key (`type:id`) of the entity that names this one, when it is named by another. */
export function namingEntityKey(entityType: string, entityId: string, data: unknown): string | null {
  const namedBy = ENTITY_TYPE_WORDS[entityType]?.namedBy;
  if (!namedBy) return null;
  if (namedBy.via === 'stream') return `${namedBy.type}:${entityId}`;
  const id = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[namedBy.field] : undefined;
  return typeof id === 'string' && id ? `${namedBy.type}:${id}` : null;
}

/** Pseudo-actors of the history's actor filter: every line of that kind. */
export const ACTOR_KIND_FILTERS = {
  automation: { id: 'kind:automation', name: 'Automation' },
  google: { id: 'kind:google', name: 'Google' },
  administrator: { id: 'kind:administrator', name: 'the Administrator' },
} as const;

/** The actor kind an actor filter value stands for, or null for one person's id. */
export const actorKindOfFilter = (actorId: string): 'automation' | 'google' | 'administrator' | null => {
  for (const [kind, f] of Object.entries(ACTOR_KIND_FILTERS)) if (f.id === actorId) return kind as 'automation' | 'google' | 'administrator';
  return null;
};
