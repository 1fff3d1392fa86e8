import { POST_TEMPLATES_COLLECTION, SYSTEM_ACTOR, type LocationDoc, type PostTemplateDoc } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { seedDemoLocations } from '../../connections/demo';
import { DEMO_COMPANIES, seedDemo } from '../../demo/seed-demo';
import { runTemplateCommand } from '../routes';

/**
 * For the crash test and the bench: the first demo company imports a sandbox Google account
 * (the benchmark account) through the real flow, then saves a Standard template and
 * publishes it to every location through the decider, as POST publish does.
 */
export async function importAndPublish(
  deps: CommandDeps,
  options: { googleUserEmail: string; accountName: string; content: string; beforePublish?: () => Promise<void> | void },
): Promise<{ templateId: string; companyId: string; locationIds: string[] }> {
  const demo = await seedDemo(deps, { adminEmail: 'admin@locus.test', adminPassword: 'Admin-Passw0rd!' });
  const company = demo.companies.find((c) => c.name === DEMO_COMPANIES[0]!.name)!;
  const seeded = await seedDemoLocations(deps, {
    companyId: company.companyId,
    adminUserId: company.defaultAdminId,
    googleUserEmail: options.googleUserEmail,
    accountNames: [options.accountName],
    waitMs: 600_000,
  });
  if (!seeded?.completed) throw new Error('the import did not complete');
  const locations = deps.readModels.collection<LocationDoc>('locations');
  while ((await locations.countDocuments({ companyId: company.companyId })) < seeded.locations) await new Promise((r) => setTimeout(r, 100));
  const locationIds = (await locations.find({ companyId: company.companyId })).map((l) => l._id);
  const templateId = deps.ids.uuid();
  const metadata = () => ({
    companyId: company.companyId,
    actor: SYSTEM_ACTOR,
    correlationId: deps.ids.uuid(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  const post = { TopicType: 'STANDARD' as const, TemplateContent: options.content, MediaItemUrl: null, CallToAction: null, Event: null, Offer: null };
  await runTemplateCommand(deps, metadata(), templateId, {
    type: 'SaveTemplate',
    templateId,
    companyId: company.companyId,
    post,
    locationIds,
    scheduleDate: null,
  });
  await options.beforePublish?.();
  await runTemplateCommand(deps, metadata(), templateId, {
    type: 'PublishTemplate',
    templateId,
    companyId: company.companyId,
    publishId: deps.ids.uuid(),
    locationIds,
    now: new Date().toISOString(),
    scheduled: false,
  });
  return { templateId, companyId: company.companyId, locationIds };
}

/** The template's progress in the read model (null before it is projected). */
export async function templateProgress(deps: Pick<CommandDeps, 'readModels'>, templateId: string) {
  const doc = await deps.readModels.collection<PostTemplateDoc>(POST_TEMPLATES_COLLECTION).findOne({ _id: templateId });
  return doc ? { done: doc.done, failed: doc.failed, total: doc.total } : null;
}
