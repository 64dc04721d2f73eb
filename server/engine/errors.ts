/**
 * A refused command. The HTTP layer turns it into `{ cmdid: 'error', result, detail }` with the
 * given status; nothing has changed when one is thrown.
 */
import { RC, type ResultCode } from '../../protocol/codes';

export class CommandError extends Error {
  constructor(
    readonly status: number,
    readonly result: ResultCode,
    readonly detail?: string,
  ) {
    super(`${status} result=${result}${detail ? ` (${detail})` : ''}`);
    this.name = 'CommandError';
  }
}

/** 400: a field is missing, of the wrong type or out of range. */
export function badField(field: string, result: ResultCode = RC.fieldWrongType): CommandError {
  return new CommandError(400, result, field);
}

/** 403: a rule of the meeting refuses the command. */
export function refused(result: ResultCode, detail?: string): CommandError {
  return new CommandError(403, result, detail);
}
