import { POST_TEMPLATES_COLLECTION, SYSTEM_ACTOR, type EventMetadata, type LocationDoc, type PostTemplateDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { seedDemoLocations } from '../../connections/demo';
import { DEMO_COMPANIES, seedDemo } from '../../demo/seed-demo';
import { runTemplateCommand } from '../routes';

/**
 * For the crash tests and the bench: the first demo company imports a sandbox Google account
 * (the benchmark account) through the real flow, then saves Standard templates and publishes
 * (or schedules) them through the decider, as the routes do.
 */
export interface ImportedCompany {
  companyId: string;
  locationIds: string[];
}

const systemMetadata = (deps: CommandDeps, companyId: string): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: deps.ids.uuid(),
  causationId: null,
  occurredAt: deps.clock.now().toISOString(),
});

export async function importBenchAccount(deps: CommandDeps, options: { googleUserEmail: string; accountName: string }): Promise<ImportedCompany> {
  const demo = await seedDemo(deps, { adminEmail: 'admin@locus.test', adminPassword: 'Admin-Passw0rd!' });
  const company = demo.companies.find((c) => c.name === DEMO_COMPANIES[0]!.name)!;
  const seeded = await seedDemoLocations(deps, {
    companyId: company.companyId,
    adminUserId: company.defaultAdminId,
    googleUserEmail: options.googleUserEmail,
    accountNames: [options.accountName],
    // a busy shared machine has taken over ten minutes for 1,000 locations
    waitMs: 1_800_000,
  });
  if (!seeded?.completed) throw new Error('the import did not complete');
  const locations = deps.readModels.collection<LocationDoc>('locations');
  while ((await locations.countDocuments({ companyId: company.companyId })) < seeded.locations) await new Promise((r) => setTimeout(r, 100));
  const locationIds = (await locations.find({ companyId: company.companyId })).map((l) => l._id);
  return { companyId: company.companyId, locationIds };
}

/** Saves a Standard template for the company's locations (scheduled when `scheduleDate` is given); its id. */
export async function saveStandardTemplate(deps: CommandDeps, company: ImportedCompany, content: string, scheduleDate: string | null = null): Promise<string> {
  const templateId = deps.ids.uuid();
  const post = { TopicType: 'STANDARD' as const, TemplateContent: content, MediaItemUrl: null, CallToAction: null, Event: null, Offer: null };
  await runTemplateCommand(deps, systemMetadata(deps, company.companyId), templateId, {
    type: 'SaveTemplate',
    templateId,
    companyId: company.companyId,
    post,
    locationIds: company.locationIds,
    scheduleDate,
  });
  return templateId;
}

export async function cancelTemplateSchedule(deps: CommandDeps, companyId: string, templateId: string): Promise<void> {
  await runTemplateCommand(deps, systemMetadata(deps, companyId), templateId, { type: 'CancelSchedule', templateId, companyId });
}

export async function importAndPublish(
  deps: CommandDeps,
  options: { googleUserEmail: string; accountName: string; content: string; beforePublish?: () => Promise<void> | void },
): Promise<{ templateId: string; companyId: string; locationIds: string[] }> {
  const company = await importBenchAccount(deps, options);
  const templateId = await saveStandardTemplate(deps, company, options.content);
  await options.beforePublish?.();
  await runTemplateCommand(deps, systemMetadata(deps, company.companyId), templateId, {
    type: 'PublishTemplate',
    templateId,
    companyId: company.companyId,
    publishId: deps.ids.uuid(),
    locationIds: company.locationIds,
    now: deps.clock.now().toISOString(),
    scheduled: false,
  });
  return { templateId, ...company };
}

/** The template's read model document (null before it is projected). */
export const templateDoc = async (deps: Pick<CommandDeps, 'readModels'>, templateId: string) =>
  (await deps.readModels.collection<PostTemplateDoc>(POST_TEMPLATES_COLLECTION).findOne({ _id: templateId })) ?? null;

/** The template's progress in the read model (null before it is projected). */
export async function templateProgress(deps: Pick<CommandDeps, 'readModels'>, templateId: string) {
  const doc = await templateDoc(deps, templateId);
  return doc ? { done: doc.done, failed: doc.failed, total: doc.total, status: doc.status, scheduleDate: doc.scheduleDate } : null;
}
