import { MASKED_VALUE, settingErrors } from '@locus/contracts';
import { failOn } from '@locus/platform/ports';

/** What a save does to the stored value. */
export type ValueChange = { kind: 'keep' } | { kind: 'set'; value: string | null };

export type ValueInput = string | boolean | null | undefined;

const TRUE = new Set(['1', 'true']);
const FALSE = new Set(['0', 'false']);

/**
 * Normalises a value for its type: booleans become '1'/'0' (null → '0'), text stays as sent
 * ('' → null). A wrong kind is a 400 naming VariableValue.
 */
export function normalizeValue(input: string | boolean | null, isBooleanType: boolean): string | null {
  if (isBooleanType) {
    if (input === null || input === false) return '0';
    if (input === true) return '1';
    const v = input.trim().toLowerCase();
    if (TRUE.has(v)) return '1';
    if (FALSE.has(v)) return '0';
    throw failOn(settingErrors.invalidBoolean, 'VariableValue');
  }
  if (typeof input === 'boolean') {
    throw failOn(settingErrors.invalidText, 'VariableValue');
  }
  if (input === null || input === '') return null;
  return input;
}

/** The MASKED_VALUE placeholder sent back for an encrypted variable means "unchanged". */
export const isMaskPlaceholder = (input: ValueInput) => input === MASKED_VALUE;
