import {
  companyErrors,
  ADMIN_SETTINGS_STREAM,
  companySettingsStream,
  companyStream,
  companyVariableSealContext,
  deleteCompanyVariableRoute,
  type EventMetadata,
  saveCompanyVariableRoute,
  setCompanyVariableValueRoute,
  settingsMessages,
  updateCompanyVariableAdminLevelRoute,
  settingErrors,
} from '@locus/contracts';
import { checkOutboundUrl, fail, implement, ok, OutboundUrlError, type CommandDeps, type RouteImplementation, invalidInput } from '@locus/platform';
import { createSecretBox, SecretBoxError, type SecretBox } from '@locus/platform/crypto/secret-box';
import { eventMetadata, handleCommand, loadStream, maxPosition } from '../kit';
import { ensureAdminVariablesSeeded } from './admin-routes';
import { adminSettingsDecider } from './admin-settings';
import { companySettingsDecider, type CompanySettingsState, type CompanyVariableState } from './company-settings';
import { emptyToNull, saved, type Req } from './route-support';
import { companySeed } from './seeds';
import { isMaskPlaceholder, normalizeValue, type ValueChange, type ValueInput } from './variable-values';

/** Opens or seals company variable values; a value that cannot be opened is a 422, never a 500. */
export function variableSealer(box: SecretBox) {
  const context = (companyId: string, variableId: string) => companyVariableSealContext(companyId, variableId);
  return {
    seal: (companyId: string, variableId: string, plain: string | null) => (plain === null ? null : box.encrypt(plain, context(companyId, variableId))),
    open(companyId: string, v: Pick<CompanyVariableState, 'variableId' | 'isEncrypted' | 'value'>): string | null {
      if (!v.isEncrypted || v.value === null) return v.value;
      try {
        return box.decrypt(v.value, context(companyId, v.variableId));
      } catch (err) {
        if (err instanceof SecretBoxError) throw fail(settingErrors.cannotDecrypt);
        throw err;
      }
    },
  };
}
type Sealer = ReturnType<typeof variableSealer>;

/** The stored value for a requested one: normalised, sealed when encrypted, unchanged when equal. */
function storedValue(
  sealer: Sealer,
  companyId: string,
  variableId: string,
  existing: CompanyVariableState | undefined,
  target: { isBooleanType: boolean; isEncrypted: boolean },
  input: ValueInput,
): ValueChange {
  const typeOrSealChanged = !!existing && (existing.isEncrypted !== target.isEncrypted || existing.isBooleanType !== target.isBooleanType);
  let plain: string | null;
  if (input === undefined || (isMaskPlaceholder(input) && existing?.isEncrypted)) {
    if (!existing || !typeOrSealChanged) return { kind: 'keep' };
    plain = sealer.open(companyId, existing);
    if (target.isBooleanType && plain !== '1' && plain !== '0') plain = '0';
    if (!target.isBooleanType && existing.isBooleanType) plain = plain ?? null;
  } else {
    plain = normalizeValue(input, target.isBooleanType);
  }
  if (!target.isEncrypted || plain === null) return { kind: 'set', value: plain };
  if (existing?.isEncrypted && !typeOrSealChanged && sealer.open(companyId, existing) === plain) return { kind: 'keep' };
  return { kind: 'set', value: sealer.seal(companyId, variableId, plain) };
}

/** Company variables the server acts on: the LLM endpoint's URL (fetched on the company's word) and its key (a secret, always sealed). */
const LLM_BASE_URL_VARIABLE = 'LlmBaseUrl';
const LLM_API_KEY_VARIABLE = 'LlmApiKey';

/** A company's LlmBaseUrl must be one the server may call (checked again, resolved, at each call). */
function checkVariableUrl(variableName: string, input: ValueInput, allowPrivate: boolean): void {
  if (variableName !== LLM_BASE_URL_VARIABLE || typeof input !== 'string' || !input.trim() || isMaskPlaceholder(input)) return;
  try {
    checkOutboundUrl(input.trim(), { allowPrivate });
  } catch (err) {
    if (err instanceof OutboundUrlError) throw invalidInput([{ field: 'VariableValue', message: err.message }]);
    throw err;
  }
}

const encryptedBooleanError = () => invalidInput([{ field: 'IsEncrypted', message: 'Encryption is available only for non-boolean variables' }]);

async function companyExists(deps: CommandDeps, companyId: string): Promise<boolean> {
  const { state } = await loadStream<{ exists: boolean }, { type: string; data: unknown }>(deps.eventStore, companyStream(companyId), {
    initialState: () => ({ exists: false }),
    evolve: (s, e) => (e.type === 'CompanyCreated' ? { exists: true } : e.type === 'CompanyDeleted' ? { exists: false } : s),
  });
  return state.exists;
}

/** Appends a company's system variables once (no-op when already seeded). */
export async function ensureCompanyVariablesSeeded(
  deps: Pick<CommandDeps, 'eventStore' | 'ids'>,
  companyId: string,
  metadata: EventMetadata,
): Promise<number | undefined> {
  const result = await handleCommand({
    eventStore: deps.eventStore,
    streamName: companySettingsStream(companyId),
    decider: companySettingsDecider,
    command: { type: 'SeedCompanyVariables', companyId, variables: companySeed(companyId) },
    metadata: { ...metadata, companyId },
    newId: () => deps.ids.uuid(),
  });
  return result.events.length ? result.position : undefined;
}

/** The company variables' commands, and the administrator's value for a company's copy of an admin variable. */
export function companySettingsRoutes(deps: CommandDeps): RouteImplementation[] {
  const sealer = variableSealer(createSecretBox(deps.config.encryptionKey, deps.config.previousEncryptionKeys));
  const newId = () => deps.ids.uuid();

  const companyCommand = (companyId: string, req: Req, prepare: (state: CompanySettingsState) => Parameters<typeof companySettingsDecider.decide>[0]) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: companySettingsStream(companyId),
      decider: companySettingsDecider,
      command: prepare,
      metadata: eventMetadata(req, companyId, deps.clock),
      newId,
    });

  const setCompanyValue = (companyId: string, variableId: string, input: ValueInput, actorIsAdministrator: boolean, req: Req) =>
    companyCommand(companyId, req, (state) => {
      const existing = state.variables[variableId];
      if (existing) checkVariableUrl(existing.variableName, input, deps.config.allowPrivateUrls);
      const change = existing ? storedValue(sealer, companyId, variableId, existing, existing, input) : { kind: 'keep' as const };
      return {
        type: 'SetCompanyVariableValue',
        companyId,
        variableId,
        value: change.kind === 'set' ? change.value : (existing?.value ?? null),
        actorIsAdministrator,
      };
    });

  return [
    implement(saveCompanyVariableRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const body = req.body;
      const variableId = body.Id ?? deps.ids.uuid();
      const result = await companyCommand(companyId, req, (state) => {
        const existing = body.Id ? state.variables[variableId] : undefined;
        // On update, what the body omits keeps its stored value.
        const isBooleanType = body.IsBooleanType ?? existing?.isBooleanType ?? false;
        const isEncrypted =
          body.VariableName === LLM_API_KEY_VARIABLE ? !isBooleanType : (body.IsEncrypted ?? (isBooleanType ? false : (existing?.isEncrypted ?? false)));
        checkVariableUrl(body.VariableName, body.VariableValue, deps.config.allowPrivateUrls);
        if (isBooleanType && isEncrypted) throw encryptedBooleanError();
        return {
          type: 'SaveCompanyVariable',
          companyId,
          seed: companySeed(companyId),
          variableId,
          mode: body.Id ? 'update' : 'create',
          definition: {
            variableName: body.VariableName,
            title: body.Title ?? existing?.title ?? '',
            description: body.Description === undefined ? (existing?.description ?? null) : emptyToNull(body.Description),
            entityType: body.EntityType === undefined ? (existing?.entityType ?? null) : emptyToNull(body.EntityType),
            isBooleanType,
            isEncrypted,
          },
          // An update of a missing variable is refused by the decider: no value work for it.
          value:
            body.Id && !existing ? { kind: 'keep' } : storedValue(sealer, companyId, variableId, existing, { isBooleanType, isEncrypted }, body.VariableValue),
          actorIsAdministrator: req.auth!.viewingAsAdmin,
        };
      });
      return saved(variableId, result.position);
    }),

    implement(setCompanyVariableValueRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const result = await setCompanyValue(companyId, req.params.variableId, req.body.VariableValue, req.auth!.viewingAsAdmin, req);
      return saved(req.params.variableId, result.position);
    }),

    implement(deleteCompanyVariableRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const result = await companyCommand(companyId, req, () => ({
        type: 'DeleteCompanyVariable',
        companyId,
        variableId: req.params.variableId,
        actorIsAdministrator: req.auth!.viewingAsAdmin,
      }));
      return ok(undefined, { message: settingsMessages.deleted, position: result.position });
    }),

    implement(updateCompanyVariableAdminLevelRoute, async (req) => {
      const { companyId, variableId } = req.params;
      if (!(await companyExists(deps, companyId))) throw fail(companyErrors.notFound);
      const adminVariableId = req.body.AdminMetaDataVariableId ?? null;
      if (adminVariableId === null) {
        const result = await setCompanyValue(companyId, variableId, req.body.VariableValue, true, req);
        return saved(variableId, result.position);
      }
      if (adminVariableId !== variableId) {
        throw invalidInput([{ field: 'AdminMetaDataVariableId', message: 'AdminMetaDataVariableId must be the variable id of the path' }]);
      }
      const seededAt = await ensureAdminVariablesSeeded(deps, eventMetadata(req, null, deps.clock));
      const { state: admin } = await loadStream(deps.eventStore, ADMIN_SETTINGS_STREAM, adminSettingsDecider);
      const adminVariable = admin.variables[adminVariableId] ?? null;
      const value = adminVariable ? normalizeValue(req.body.VariableValue, adminVariable.isBooleanType) : null;
      const result = await companyCommand(companyId, req, () => ({
        type: 'SetCompanyAdminVariableValue',
        companyId,
        adminVariableId,
        adminVariable,
        value,
      }));
      return saved(variableId, maxPosition(result.events.length ? result.position : undefined, seededAt));
    }),
  ];
}
