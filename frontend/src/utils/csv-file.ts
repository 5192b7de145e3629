import { BULK_UPLOAD } from '@shared/monitors/bulk-upload.js';
import { TEXT } from '@shared/texts.js';

/**
 * docs/product-rules.md "Bulk upload" (user and operator): the file name must end in .csv, and uploading without a file gives the same message.
 * Any case (Windows may save DATA.CSV), as the server accepts.
 */
export const csvFileProblem = (file: Pick<File, 'name'> | null | undefined): string | null =>
  file && file.name.trim().toLowerCase().endsWith(BULK_UPLOAD.fileExtension) ? null : TEXT.selectCsvFile;
