/** Reading uploaded files (multipart) into memory, with the limits of the import calls. */
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from '../errors.ts';

export interface UploadedFile {
  readonly field: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

export const UPLOAD_LIMITS = { fileSize: 64 * 1024 * 1024, files: 64, fields: 10, parts: 80 } as const;
/** All files of one request together (bytes): counted while they stream in, before they are held. */
export const UPLOAD_TOTAL_LIMIT = 128 * 1024 * 1024;

/**
 * Every file of the request whose field is `field` (others are drained without being held).
 * Broken multipart (no boundary, cut off, too many parts) answers 400, code 2; a file or all files
 * together over their limits answer 413 as soon as the limit is passed (decision 0067).
 */
export async function readUploadedFiles(request: FastifyRequest, field: string): Promise<UploadedFile[]> {
  if (!request.isMultipart()) {
    throw new ApiError(415, ErrorCode.UNSUPPORTED_REQUEST, `Send the files as multipart/form-data in the field "${field}"`);
  }
  const files: UploadedFile[] = [];
  let total = 0;
  try {
    for await (const part of request.files({ limits: UPLOAD_LIMITS })) {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > UPLOAD_TOTAL_LIMIT) throw new ApiError(413, ErrorCode.VALIDATION, `The files are larger than ${UPLOAD_TOTAL_LIMIT / 1024 / 1024} MiB together`);
        if (part.fieldname === field) chunks.push(chunk);
      }
      if (part.file.truncated) throw new ApiError(413, ErrorCode.VALIDATION, `A file is larger than ${UPLOAD_LIMITS.fileSize / 1024 / 1024} MiB`);
      if (part.fieldname === field) {
        const bytes = Buffer.concat(chunks);
        files.push({ field: part.fieldname, name: part.filename, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new ApiError(413, ErrorCode.VALIDATION, (error as Error).message);
    // busboy and @fastify/multipart: missing boundary, unexpected end of form, too many parts, …
    throw new ApiError(400, ErrorCode.VALIDATION, `The multipart body is malformed: ${(error as Error).message}`);
  }
  return files;
}
