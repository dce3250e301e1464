import { useApiUrl } from '@prosign/api-client';
import { PageHeader } from '@prosign/ui';
import { useEffect, useMemo, useState } from 'react';
import { FieldBuilder } from './builder/FieldBuilder';
import { PdfUploadStep } from './upload/PdfUploadStep';
import { UploadReport } from './upload/UploadReport';
import { xhrPdfUploader, type PdfUploader, type UploadedPdf } from './upload/upload-pdf';
import './documents.css';

interface DocumentBuilderPageProps {
  /** Sends the PDF; the API's upload by default (tests pass a fake). */
  upload?: PdfUploader;
}

type Step =
  | { step: 'upload' }
  | { step: 'report'; uploaded: UploadedPdf; file: File }
  | { step: 'build'; uploaded: UploadedPdf; file: File };

/**
 * A "document" agreement from any PDF (route `/documents/new`): the upload and what the intake
 * found and removed, then the field builder. The builder shows the file as it was picked, from
 * the browser; the intake's stored copy differs only where it blanked tag texts or took out
 * active content, which draws nothing.
 */
export function DocumentBuilderPage({ upload }: DocumentBuilderPageProps) {
  const apiUrl = useApiUrl();
  const uploader = useMemo(() => upload ?? xhrPdfUploader(apiUrl), [upload, apiUrl]);
  const [step, setStep] = useState<Step>({ step: 'upload' });
  const file = step.step === 'upload' ? null : step.file;
  const pdfUrl = useObjectUrl(file);
  const startOver = () => setStep({ step: 'upload' });

  return (
    <div className="ps-doc-page">
      <PageHeader
        title="New document"
        description="Upload a PDF, then place the fields each signer fills in."
      />
      {step.step === 'upload' ? (
        <PdfUploadStep
          upload={uploader}
          onUploaded={(uploaded, picked) => setStep({ step: 'report', uploaded, file: picked })}
        />
      ) : null}
      {step.step === 'report' ? (
        <UploadReport
          uploaded={step.uploaded}
          onContinue={() => setStep({ ...step, step: 'build' })}
          onCancel={startOver}
        />
      ) : null}
      {step.step === 'build' && pdfUrl ? (
        <FieldBuilder uploaded={step.uploaded} pdfUrl={pdfUrl} onStartOver={startOver} />
      ) : null}
    </div>
  );
}

/** An object URL for the picked file while it is shown, let go when it no longer is. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}
