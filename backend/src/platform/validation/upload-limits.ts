import type { MulterModuleOptions } from '@nestjs/platform-express';

/** Longest text field a public upload form accepts (a docLink of 2000 characters fits). */
const UPLOAD_FIELD_MAX_BYTES = 4 * 1024;

/**
 * multer limits of a public upload that takes one file and at most `fields`
 * text fields: size, number of files, of fields and of parts, field name and
 * value lengths and header pairs, so no request makes the api buffer more
 * than the file and a few short fields. Anything over answers 400 (413 for
 * the file's size).
 */
export function singleFileUploadLimits(options: {
  fileSize: number;
  fields: number;
}): NonNullable<MulterModuleOptions['limits']> {
  return {
    fileSize: options.fileSize,
    files: 1,
    fields: options.fields,
    fieldSize: UPLOAD_FIELD_MAX_BYTES,
    fieldNameSize: 100,
    parts: options.fields + 1,
    headerPairs: 100,
  };
}
