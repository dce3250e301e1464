import { StreamableFile } from '@nestjs/common';
import type { PdfFile } from './document-pdf.service';

/** A PDF response: inline for frames and new tabs, attachment for downloads. */
export function pdfFile(file: PdfFile, disposition: 'inline' | 'attachment'): StreamableFile {
  const filename = `${file.title.replace(/[^\w .()-]+/g, '').trim() || file.docId}.pdf`;
  return new StreamableFile(file.pdf, {
    type: 'application/pdf',
    length: file.pdf.length,
    disposition: `${disposition}; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
  });
}
