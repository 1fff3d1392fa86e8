import {
  companyErrors,
  activateCompanyRoute,
  companyMessages as m,
  companyStream,
  createCompanyAdminRoute,
  createCompanyRoute,
  deactivateCompanyRoute,
  deleteCompanyAdminRoute,
  deleteCompanyRoute,
  exitCompanyViewRoute,
  switchCompanyRoute,
  updateCompanyAdminRoute,
  updateCompanyNameRoute,
  updateCompanyRoute,
  userStream,
} from '@locus/contracts';
import { fail, implement, type CommandDeps, type AnyRequest, type RouteImplementation } from '@locus/platform';
import { eventMetadata, loadStream, maxPosition, runCommand } from '../kit';
import { hashPassword } from '../kit/passwords';
import {
  createCompanyUser,
  deleteUserAccount,
  loadCompanyMember,
  updateUserDetails,
  requireUser,
  userDecider,
  type ExistingUser,
  openCompany,
} from '../users/public';
import { claimsFor } from '../identity/public';
import { companyDecider, existingCompany, type CompanyCommand } from './company-decider';

type Req = Pick<AnyRequest, 'auth' | 'correlationId' | 'requestId'>;
const answer = (message: string, position: number | undefined, id?: string, status = 200) => ({
  status,
  body: { Success: true as const, ResponseMessage: message, ...(id ? { Data: { Id: id } } : {}) },
  ...(position !== undefined ? { position } : {}),
});

/** Administrator: companies and their admins, switching into a company; company admins: their company's name. */
export function companiesCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const companyCommand = async (req: Req, companyId: string, command: CompanyCommand) =>
    runCommand(deps, companyStream(companyId), companyDecider, command, eventMetadata(req, companyId, deps.clock));

  const loadCompany = async (companyId: string) => existingCompany((await loadStream(deps.eventStore, companyStream(companyId), companyDecider)).state);

  /** A company admin of that company (404 for users of other companies and non-admins). */
  const loadCompanyAdmin = async (companyId: string, adminId: string): Promise<ExistingUser> => {
    await loadCompany(companyId);
    const user = await loadCompanyMember(deps.eventStore, adminId, companyId).catch(() => null);
    if (!user || user.role !== 'CompanyAdmin') throw fail(companyErrors.adminNotFound);
    return user;
  };

  return [
    implement(createCompanyRoute, async (req) => {
      const companyId = deps.ids.uuid();
      const contact = req.body.PrimaryContact;
      const position = await openCompany(
        deps,
        {
          companyId,
          companyName: req.body.CompanyName,
          source: 'administrator',
          defaultAdmin: {
            userId: deps.ids.uuid(),
            firstName: contact.FirstName,
            lastName: contact.LastName,
            email: contact.Email,
            phoneNumber: contact.PhoneNumber,
            passwordHash: await hashPassword(contact.Password!),
          },
        },
        eventMetadata(req, companyId, deps.clock),
      );
      return answer(m.companyCreated, position, companyId, 201);
    }),

    implement(updateCompanyRoute, async (req) => {
      const { companyId } = req.params;
      const company = await loadCompany(companyId);
      const renamed = await companyCommand(req, companyId, { type: 'RenameCompany', data: { companyName: req.body.CompanyName } });
      let contactPosition: number | undefined;
      if (req.body.PrimaryContact) {
        const admin = await loadCompanyMember(deps.eventStore, company.defaultAdminId, companyId);
        const c = req.body.PrimaryContact;
        contactPosition = await updateUserDetails(
          deps,
          admin,
          { firstName: c.FirstName, lastName: c.LastName, email: c.Email, phoneNumber: c.PhoneNumber },
          eventMetadata(req, companyId, deps.clock),
        );
      }
      return answer(m.companyUpdated, maxPosition(renamed.position, contactPosition), companyId);
    }),

    implement(deactivateCompanyRoute, async (req) => {
      const { position } = await companyCommand(req, req.params.companyId, { type: 'DeactivateCompany' });
      return answer(m.companyDeactivated, position, req.params.companyId);
    }),

    implement(activateCompanyRoute, async (req) => {
      const { position } = await companyCommand(req, req.params.companyId, { type: 'ActivateCompany' });
      return answer(m.companyActivated, position, req.params.companyId);
    }),

    implement(deleteCompanyRoute, async (req) => {
      // Sessions of its users stop at once (company session block); the company-members reactor deletes the users.
      const { position } = await companyCommand(req, req.params.companyId, { type: 'DeleteCompany' });
      return answer(m.companyDeleted, position, req.params.companyId);
    }),

    implement(createCompanyAdminRoute, async (req) => {
      const { companyId } = req.params;
      const { userId, position } = await createCompanyUser(
        deps,
        { companyId, ...req.body, role: 'CompanyAdmin', password: req.body.Password, source: 'administrator' },
        eventMetadata(req, companyId, deps.clock),
      );
      return answer(m.companyAdminCreated, position, userId, 201);
    }),

    implement(updateCompanyAdminRoute, async (req) => {
      const { companyId, adminId } = req.params;
      const admin = await loadCompanyAdmin(companyId, adminId);
      const b = req.body;
      const position = await updateUserDetails(
        deps,
        admin,
        { firstName: b.FirstName, lastName: b.LastName, email: b.Email, phoneNumber: b.PhoneNumber },
        eventMetadata(req, companyId, deps.clock),
        { newPassword: b.Password || undefined },
      );
      return answer(m.companyAdminUpdated, position, adminId);
    }),

    implement(deleteCompanyAdminRoute, async (req) => {
      const { companyId, adminId } = req.params;
      const admin = await loadCompanyAdmin(companyId, adminId);
      if (admin.isDefaultCompanyContact) throw fail(companyErrors.defaultAdmin);
      const position = await deleteUserAccount(deps, adminId, eventMetadata(req, companyId, deps.clock));
      return answer(m.companyAdminDeleted, position, adminId);
    }),

    implement(switchCompanyRoute, async (req) => {
      const auth = req.auth!;
      const { companyId } = req.params;
      const company = await loadCompany(companyId);
      if (company.status !== 'active') throw fail(companyErrors.inactive);
      const target = await loadCompanyAdmin(companyId, req.body.CompanyAdminId ?? company.defaultAdminId);
      if (target.status !== 'active') throw fail(companyErrors.adminInactive);
      const issued = await deps.tokens.issue(await claimsFor(deps.eventStore, target, { adminUserId: auth.userId }));
      const { position } = await runCommand(
        deps,
        userStream(auth.userId),
        userDecider,
        { type: 'SwitchIntoCompany', data: { companyId, companyAdminId: target.userId, tokenId: issued.tokenId } },
        eventMetadata(req, companyId, deps.clock),
      );
      return { body: { Success: true, Token: issued.token, ResponseMessage: m.switched }, position };
    }),

    implement(exitCompanyViewRoute, async (req) => {
      const auth = req.auth!;
      const adminUserId = auth.role === 'Administrator' ? auth.userId : auth.viewingAsAdmin ? auth.adminUserId : undefined;
      if (!adminUserId) throw fail(companyErrors.notViewingAsAdmin);
      const admin = requireUser((await loadStream(deps.eventStore, userStream(adminUserId), userDecider)).state);
      const issued = await deps.tokens.issue(await claimsFor(deps.eventStore, admin));
      let position: number | undefined;
      if (auth.viewingAsAdmin && auth.companyId) {
        ({ position } = await runCommand(
          deps,
          userStream(adminUserId),
          userDecider,
          { type: 'ExitCompanyView', data: { companyId: auth.companyId, tokenId: issued.tokenId } },
          eventMetadata(req, auth.companyId, deps.clock),
        ));
      }
      return { body: { Success: true, Token: issued.token, ResponseMessage: m.exitedView }, ...(position !== undefined ? { position } : {}) };
    }),

    implement(updateCompanyNameRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const { position } = await companyCommand(req, companyId, { type: 'RenameCompany', data: { companyName: req.body.CompanyName } });
      return answer(m.companyNameUpdated, position, companyId);
    }),
  ];
}
