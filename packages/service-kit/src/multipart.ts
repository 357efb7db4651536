import busboy from 'busboy';
import type { Context } from 'koa';
import { API_MESSAGES } from '@coinmag/contracts';
import { PayloadTooLargeError, ValidationError } from './errors.js';
import { assertSafeText, stripUnsafeText } from './text-guard.js';

export interface UploadedFile {
  field: string;
  filename: string;
  mimeType: string;
  data: Buffer;
}

export interface MultipartLimits {
  fileBytes: number;
  fieldBytes: number;
  fields: number;
  files: number;
  fileTooLargeMessage: string;
  /** What a field over `fieldBytes` is answered with, by field name (default: 欄位 <name> 內容過大). */
  fieldTooLargeMessages?: Readonly<Record<string, string>>;
  /** Fields (HTML bodies) whose unsafe characters are removed instead of refused. */
  stripUnsafeIn?: readonly string[];
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Parses multipart/form-data with every size bounded; a file over its limit stops the read with
 * 413. Field names, values and file names with a character no field may hold stop it with 400
 * (`stripUnsafeIn` fields have those characters removed instead).
 */
export function readMultipart(ctx: Context, limits: MultipartLimits): Promise<MultipartBody> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(new ValidationError(undefined, API_MESSAGES.multipartRequired));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(err);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        limits: { fileSize: limits.fileBytes, fieldSize: limits.fieldBytes, fields: limits.fields, files: limits.files, parts: limits.fields + limits.files },
      });
    } catch {
      reject(new ValidationError(undefined, API_MESSAGES.multipartInvalid));
      return;
    }
    const safe = (field: string, value: string): boolean => {
      try {
        assertSafeText(field, value);
        return true;
      } catch (err) {
        fail(err as Error);
        return false;
      }
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new PayloadTooLargeError(limits.fieldTooLargeMessages?.[name] ?? `欄位 ${name} 內容過大`));
      else if (limits.stripUnsafeIn?.includes(name)) fields[name] = stripUnsafeText(value);
      else if (safe('form', name) && safe(name, value)) fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      if (!safe('form', field) || !safe(field, info.filename ?? '')) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new PayloadTooLargeError(limits.fileTooLargeMessage)));
      stream.on('close', () => {
        if (!failed && chunks.length > 0) {
          files.push({ field, filename: info.filename ?? '', mimeType: info.mimeType, data: Buffer.concat(chunks) });
        }
      });
    });
    parser.on('filesLimit', () => fail(new ValidationError(undefined, API_MESSAGES.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(new ValidationError(undefined, API_MESSAGES.tooManyFields)));
    parser.on('partsLimit', () => fail(new ValidationError(undefined, API_MESSAGES.tooManyFields)));
    parser.on('error', () => fail(new ValidationError(undefined, API_MESSAGES.multipartInvalid)));
    parser.on('close', () => {
      if (!failed) resolve({ fields, files });
    });
    ctx.req.pipe(parser);
  });
}
