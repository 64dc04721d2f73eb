/**
 * Adapts the spec §5 rules of protocol/validation.ts (shared with the server) to the codes the
 * participant dialogs word. No rule is decided here.
 */
import { validateRename, validateTabName, validateTempCall, validateUserNumber } from '@protocol/fieldValidation';

export type CustomTabError = 'nameRequired' | 'tooMany' | 'invalid';

/**
 * A new filter tab: the shared rule (name required, at most 20, length), plus what only the
 * console knows: a name the user already has, or a filter text with line breaks, is incorrect.
 */
export function checkCustomTab(
  name: string,
  query: string,
  existingNames: readonly string[],
  existingCount: number,
  /** the tab keeps the participants selected when it was made */
  bySelection = false,
): CustomTabError | null {
  switch (validateTabName(name, existingCount)) {
    case 'tab.nameRequired':
      return 'nameRequired';
    case 'tab.limit':
      return 'tooMany';
    case null:
      break;
    default:
      return 'invalid';
  }
  if (existingNames.includes(name.trim()) || /[\r\n\t]/.test(query) || query.length > 200) return 'invalid';
  // a filter tab filters by something: a text, or the participants selected when it was made
  if (query.trim() === '' && !bySelection) return 'invalid';
  return null;
}

export type RenameError = 'nameRequired' | 'tooLong';

export function checkRename(name: string): RenameError | null {
  const problem = validateRename(name);
  if (!problem) return null;
  return problem === 'rename.required' ? 'nameRequired' : 'tooLong';
}

export type TempCallError = 'addressRequired' | 'addressFormat' | 'nameRequired' | 'nameTooLong';

export function checkTempCall(address: string, displayName: string): TempCallError | null {
  switch (validateTempCall({ address, displayName })) {
    case null:
      return null;
    case 'tempCall.addressRequired':
      return 'addressRequired';
    case 'tempCall.addressFormat':
      return 'addressFormat';
    case 'tempCall.nameRequired':
      return 'nameRequired';
    default:
      return 'nameTooLong';
  }
}

export type UserNumberError = 'required' | 'length';

/** Adding by user number: a number (cuid) is required, of the configured digit count when one is known. */
export function checkUserNumber(value: string, digits: number | undefined): UserNumberError | null {
  const problem = validateUserNumber(value, digits);
  if (!problem) return null;
  return problem === 'userNumber.required' ? 'required' : 'length';
}
