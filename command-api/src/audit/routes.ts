import { auditErrors, auditMessages as m, entityAtRoute, restoreEntityRoute } from '@locus/contracts';
import { callerCompanyId, fail, implement, validationError, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata } from '../kit';
import { auditedKinds, type AuditedKind } from './audited-entities';

const kindOf = (entityType: string): AuditedKind => {
  const kind = Object.hasOwn(auditedKinds, entityType) ? auditedKinds[entityType] : undefined;
  if (!kind) throw fail(auditErrors.entityNotFound);
  return kind;
};

/** Point in time and restore: folded from the event store, never from a read model. */
export function auditCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const companyOf = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(auditErrors.entityNotFound));

  const entityAt = implement(entityAtRoute, async (req) => {
    const { entityType, entityId } = req.params;
    const kind = kindOf(entityType);
    const view = await kind.stateAt(deps, companyOf(req), entityId, { position: req.query.position, at: req.query.at });
    return {
      body: {
        Success: true as const,
        Data: {
          EntityType: entityType,
          EntityId: entityId,
          Name: view.name,
          Exists: view.exists,
          Position: view.position,
          At: view.at,
          Fields: view.fields,
          Restorable: view.restorable,
          Changes: view.changes,
        },
      },
    };
  });

  const restore = implement(restoreEntityRoute, async (req) => {
    const { entityType, entityId } = req.params;
    const kind = kindOf(entityType);
    const companyId = companyOf(req);
    // Tenancy first: another company's entity is not found, whatever the body says.
    const current = await kind.stateAt(deps, companyId, entityId, {});
    if (!kind.restore) throw fail(auditErrors.notRestorable);
    const unknown = req.body.Fields.filter((f) => !current.restorable.includes(f));
    if (unknown.length)
      throw validationError('AUDIT.UNKNOWN_FIELD', `${m.unknownField}: ${unknown.join(', ')}`, [
        { field: 'Fields', message: `${m.unknownField}: ${unknown.join(', ')}` },
      ]);
    const { position, changed } = await kind.restore(
      deps,
      companyId,
      entityId,
      { position: req.body.Position, at: req.body.At },
      req.body.Fields,
      eventMetadata(req, companyId, deps.clock),
    );
    if (!changed) throw fail(auditErrors.nothingToRestore);
    return { body: { Success: true as const, ResponseMessage: m.restored }, position };
  });

  return [entityAt, restore];
}
