import { authApi, uploadedPdfUrl, useApiClient, useApiUrl } from '@prosign/api-client';
import { DOCUMENT_DRAFT_PARAM } from '@prosign/domain';
import { PageHeader } from '@prosign/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FieldBuilder } from './builder/FieldBuilder';
import { PdfUploadStep } from './upload/PdfUploadStep';
import { UploadReport } from './upload/UploadReport';
import { xhrPdfUploader, type PdfUploader, type UploadedPdf } from './upload/upload-pdf';
import { draftOpenError, useDocumentDraft } from './useDocumentDraft';
import './documents.css';

interface DocumentBuilderPageProps {
  /** Sends the PDF; the API's upload by default (tests pass a fake). */
  upload?: PdfUploader;
}

type Step =
  | { step: 'upload' }
  | { step: 'report'; uploaded: UploadedPdf; creating: boolean; error: string | null };

/**
 * A "document" agreement from any PDF (route `/documents/new`): the upload and what the intake
 * found and removed, then the field builder on a draft saved as staff work (`?draft=ID`, so a
 * reload or the link reopens it). The builder shows the file as the server stored it, with tag
 * texts covered and active content taken out: the file that will be signed.
 */
export function DocumentBuilderPage({ upload }: DocumentBuilderPageProps) {
  const apiUrl = useApiUrl();
  const client = useApiClient();
  const uploader = useMemo(
    () =>
      upload ??
      // The upload's 401 goes past the shared client: asking it for the session answers 401
      // too, and its handler ends the session as on every other screen (to sign-in).
      xhrPdfUploader(apiUrl, () => void authApi.session(client).catch(() => undefined)),
    [upload, apiUrl, client],
  );
  const [searchParams, setSearchParams] = useSearchParams();
  const draftId = searchParams.get(DOCUMENT_DRAFT_PARAM);
  const { query, create } = useDocumentDraft(draftId);
  const [step, setStep] = useState<Step>({ step: 'upload' });
  const startOver = () => {
    setStep({ step: 'upload' });
    setSearchParams({});
  };

  const openBuilder = async (uploaded: UploadedPdf) => {
    setStep({ step: 'report', uploaded, creating: true, error: null });
    try {
      const draft = await create(uploaded.uploadId);
      setSearchParams({ [DOCUMENT_DRAFT_PARAM]: draft.id });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Try again.';
      setStep({ step: 'report', uploaded, creating: false, error: message });
    }
  };

  return (
    <div className="ps-doc-page">
      <PageHeader
        title="New document"
        description="Upload a PDF, then place the fields each signer fills in."
      />
      {draftId === null && step.step === 'upload' ? (
        <PdfUploadStep
          upload={uploader}
          onUploaded={(uploaded) =>
            setStep({ step: 'report', uploaded, creating: false, error: null })
          }
        />
      ) : null}
      {draftId === null && step.step === 'report' ? (
        <>
          <UploadReport
            uploaded={step.uploaded}
            onContinue={() => void openBuilder(step.uploaded)}
            busy={step.creating}
            onCancel={startOver}
          />
          {step.creating ? <p role="status">Opening the builder…</p> : null}
          {step.error ? <p role="alert">The builder could not be opened. {step.error}</p> : null}
        </>
      ) : null}
      {draftId !== null && query.isPending ? <p role="status">Opening the draft…</p> : null}
      {draftId !== null && query.isError ? (
        <div role="alert">
          <p>{draftOpenError(query.error)}</p>
          <button type="button" className="ps-button" onClick={startOver}>
            Upload a PDF
          </button>
        </div>
      ) : null}
      {draftId !== null && query.data ? (
        <FieldBuilder
          // A reload (another tab saved) starts the builder again from what the server has.
          key={`${query.data.id}:${query.dataUpdatedAt}`}
          draft={query.data}
          pdfUrl={uploadedPdfUrl(apiUrl, query.data.uploadId)}
          onStartOver={startOver}
          onReload={() => void query.refetch()}
        />
      ) : null}
    </div>
  );
}
