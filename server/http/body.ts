/**
 * Request bodies: bounded reading, JSON parsing and the per-field length limit (spec §9: request
 * data length limit 5000). Every failure is an {@link HttpError} with a result code.
 */
import type { IncomingMessage } from 'node:http';
import { RC } from '../../protocol/codes';
import { HttpError } from './errors';

/** Longest accepted string (characters) anywhere in a JSON body. */
export const MAX_FIELD_LENGTH = 5000;
/** Largest accepted request body, bytes. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Deepest accepted nesting of objects and arrays. */
export const MAX_DEPTH = 32;

/**
 * Reads the whole body, refusing (413) once it passes `limit` bytes. The refusal is raised as
 * soon as the limit is crossed or announced by Content-Length, without buffering the rest.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    return Promise.reject(new HttpError(413, RC.fieldTooLong, 'body'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err: Error | null, value?: Buffer) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (err) reject(err);
      else resolve(value as Buffer);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        finish(new HttpError(413, RC.fieldTooLong, 'body'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(null, Buffer.concat(chunks, size));
    const onError = (e: Error) => finish(e);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** one strict decoder for every request: decode() without `stream` starts afresh each time */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 strictly: a body that is not UTF-8 is malformed, never silently repaired. */
export function decodeUtf8(buf: Buffer): string {
  if (buf.length === 0) return '';
  let text: string;
  try {
    text = strictUtf8.decode(buf);
  } catch {
    throw new HttpError(400, RC.malformedJson, 'utf8');
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Parses a JSON body; empty text gives `undefined`. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, RC.malformedJson, 'json');
  }
  checkShape(value);
  return value;
}

/**
 * Enforces the field length and nesting limits on a parsed body. The detail names the first
 * offending field as a path (`usr_ids.3`, `config_info.0.roles_lst`).
 */
export function checkShape(value: unknown): void {
  trail.length = 0;
  walk(value, 0);
}

/** keys from the root to the value being checked; joined into a path only for a refusal */
const trail: (string | number)[] = [];

function refuse(result: number): never {
  const path = trail.join('.');
  trail.length = 0;
  throw new HttpError(400, result, path || 'body');
}

function walk(value: unknown, depth: number): void {
  if (typeof value === 'string') {
    if (value.length > MAX_FIELD_LENGTH) refuse(RC.fieldTooLong);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth >= MAX_DEPTH) refuse(RC.fieldWrongType);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== 'object' && typeof v !== 'string') continue;
      trail.push(i);
      walk(v, depth + 1);
      trail.pop();
    }
    return;
  }
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    if (k.length > MAX_FIELD_LENGTH) refuse(RC.fieldTooLong);
    const v: unknown = (value as Record<string, unknown>)[k];
    if (typeof v !== 'object' && typeof v !== 'string') continue;
    trail.push(k);
    walk(v, depth + 1);
    trail.pop();
  }
}
