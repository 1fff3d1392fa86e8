import {
  ADMIN_SETTINGS_STREAM,
  deleteAdminVariableRoute,
  saveAdminVariableRoute,
  setAdminVariableValueRoute,
  settingsMessages,
  type EventMetadata,
} from '@locus/contracts';
import { implement, ok, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { eventMetadata, handleCommand, type CommandSource } from '../kit';
import { adminSettingsDecider, type AdminSettingsCommand, type AdminSettingsState } from './admin-settings';
import { emptyToNull, saved, type Req } from './route-support';
import { adminSeed } from './seeds';
import { normalizeValue } from './variable-values';

/** Appends the system administrator variables once (no-op when already seeded). */
export async function ensureAdminVariablesSeeded(deps: Pick<CommandDeps, 'eventStore' | 'ids'>, metadata: EventMetadata): Promise<number | undefined> {
  const result = await handleCommand({
    eventStore: deps.eventStore,
    streamName: ADMIN_SETTINGS_STREAM,
    decider: adminSettingsDecider,
    command: { type: 'SeedAdminVariables', variables: adminSeed() },
    metadata: { ...metadata, companyId: null },
    newId: () => deps.ids.uuid(),
  });
  return result.events.length ? result.position : undefined;
}

/** The system administrator variables' commands. */
export function adminSettingsRoutes(deps: CommandDeps): RouteImplementation[] {
  const newId = () => deps.ids.uuid();

  const adminCommand = (req: Req, command: CommandSource<AdminSettingsState, AdminSettingsCommand>) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: ADMIN_SETTINGS_STREAM,
      decider: adminSettingsDecider,
      command,
      metadata: eventMetadata(req, null, deps.clock),
      newId,
    });

  return [
    implement(saveAdminVariableRoute, async (req) => {
      const body = req.body;
      const variableId = body.Id ?? deps.ids.uuid();
      const result = await handleCommand({
        eventStore: deps.eventStore,
        streamName: ADMIN_SETTINGS_STREAM,
        decider: adminSettingsDecider,
        metadata: eventMetadata(req, null, deps.clock),
        newId,
        command: (state): AdminSettingsCommand => {
          const existing = body.Id
            ? (state.variables[variableId] ?? (state.seeded ? undefined : adminSeed().find((v) => v.variableId === variableId)))
            : undefined;
          const isBooleanType = body.IsBooleanType ?? existing?.isBooleanType ?? false;
          return {
            type: 'SaveAdminVariable',
            seed: adminSeed(),
            variableId,
            mode: body.Id ? 'update' : 'create',
            definition: {
              variableName: body.VariableName,
              title: body.Title ?? existing?.title ?? '',
              description: body.Description === undefined ? (existing?.description ?? null) : emptyToNull(body.Description),
              isBooleanType,
            },
            value: body.VariableValue === undefined ? { kind: 'keep' } : { kind: 'set', value: normalizeValue(body.VariableValue, isBooleanType) },
          };
        },
      });
      return saved(variableId, result.position);
    }),

    implement(setAdminVariableValueRoute, async (req) => {
      const result = await adminCommand(req, (state) => {
        const known = state.variables[req.params.variableId] ?? adminSeed().find((v) => !state.seeded && v.variableId === req.params.variableId);
        const value = known ? normalizeValue(req.body.VariableValue, known.isBooleanType) : null;
        return { type: 'SetAdminVariableValue', seed: adminSeed(), variableId: req.params.variableId, value };
      });
      return saved(req.params.variableId, result.events.length ? result.position : undefined);
    }),

    implement(deleteAdminVariableRoute, async (req) => {
      const result = await adminCommand(req, { type: 'DeleteAdminVariable', seed: adminSeed(), variableId: req.params.variableId });
      return ok(undefined, { message: settingsMessages.deleted, position: result.position });
    }),
  ];
}
