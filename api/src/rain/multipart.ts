/** Reading uploaded files (multipart) into memory, with the limits of the import calls. */
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '../errors.ts';

export interface UploadedFile {
  readonly field: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

export const UPLOAD_LIMITS = { fileSize: 64 * 1024 * 1024, files: 64, fields: 10, parts: 80 } as const;

/** Every file of the request whose field is `field` (others are ignored and drained). */
export async function readUploadedFiles(request: FastifyRequest, field: string): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new ApiError(415, ErrorCode.UNSUPPORTED_REQUEST, `Send the files as multipart/form-data in the field "${field}"`);
  }
  const files: UploadedFile[] = [];
  for await (const part of request.files({ limits: UPLOAD_LIMITS })) {
    const bytes = await part.toBuffer();
    if (part.fieldname === field) files.push({ field: part.fieldname, name: part.filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  }
  return files;
}
