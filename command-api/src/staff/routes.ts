import { createStaffRoute, deactivateStaffRoute, type StaffBody, staffMessages, staffStream, updateStaffRoute } from '@locus/contracts';
import { implement, ok, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
import { eventMetadata, handleCommand } from '../kit';
import { staffDecider, staffNotFound, type StaffCommand, type StaffDetails } from './staff-member';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

const details = (b: StaffBody): StaffDetails => ({
  firstName: b.FirstName.trim(),
  lastName: (b.LastName ?? '').trim(),
  email: b.Email.trim(),
  phoneNumber: (b.PhoneNumber ?? '').trim(),
});

/** The path's company must be the caller's: another company's id answers 404, as for a missing one. */
function ownCompany(req: Req & { params: { companyId: string } }): string {
  if (req.params.companyId !== req.auth?.companyId) throw staffNotFound();
  return req.params.companyId;
}

export function staffCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const run = (req: Req, companyId: string, staffId: string, command: StaffCommand, newStream = false) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: staffStream(staffId),
      decider: staffDecider,
      command,
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
      newStream,
    });

  return [
    implement(createStaffRoute, async (req) => {
      const companyId = ownCompany(req);
      const staffId = deps.ids.uuid();
      const result = await run(req, companyId, staffId, { type: 'CreateStaffMember', companyId, staffId, details: details(req.body) }, true);
      return ok({ Id: staffId }, { message: staffMessages.created, position: result.position });
    }),
    implement(updateStaffRoute, async (req) => {
      const companyId = ownCompany(req);
      const { staffId } = req.params;
      const result = await run(req, companyId, staffId, { type: 'UpdateStaffMember', companyId, staffId, details: details(req.body) });
      return ok({ Id: staffId }, { message: staffMessages.updated, position: result.events.length ? result.position : undefined });
    }),
    implement(deactivateStaffRoute, async (req) => {
      const companyId = ownCompany(req);
      const { staffId } = req.params;
      const result = await run(req, companyId, staffId, { type: 'DeactivateStaffMember', companyId, staffId });
      return ok(undefined, { message: staffMessages.deactivated, position: result.position });
    }),
  ];
}
