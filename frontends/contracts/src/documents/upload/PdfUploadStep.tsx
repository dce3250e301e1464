import { useId, useRef, useState, type DragEvent } from 'react';
import type { PdfUploader, UploadedPdf } from './upload-pdf';

interface PdfUploadStepProps {
  upload: PdfUploader;
  onUploaded: (uploaded: UploadedPdf, file: File) => void;
}

type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number }
  | { status: 'refused'; fileName: string; message: string };

function looksLikePdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/**
 * Step one: a PDF dropped on the zone or picked, sent with its progress; the server's
 * refusal (not a PDF, damaged, encrypted, too large…) said as it says it.
 */
export function PdfUploadStep({ upload, onUploaded }: PdfUploadStepProps) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const send = (file: File) => {
    if (!looksLikePdf(file)) {
      setState({ status: 'refused', fileName: file.name, message: 'Only PDF files can be used.' });
      return;
    }
    setState({ status: 'uploading', fileName: file.name, sent: 0 });
    upload(file, (sent) =>
      setState((current) => (current.status === 'uploading' ? { ...current, sent } : current)),
    ).then(
      (uploaded) => onUploaded(uploaded, file),
      (error: unknown) =>
        setState({
          status: 'refused',
          fileName: file.name,
          message: error instanceof Error && error.message ? error.message : 'The upload failed.',
        }),
    );
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && state.status !== 'uploading') send(file);
  };

  const uploading = state.status === 'uploading';
  return (
    <section className="ps-doc-upload" aria-labelledby={`${hintId}-title`}>
      <h2 id={`${hintId}-title`}>Upload a PDF</h2>
      <div
        className={`ps-doc-upload__zone${dragging ? ' ps-doc-upload__zone--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={hintId}>
          Drop a PDF here, or choose one. Fields in its form and its text tags are found for you.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          className="ps-visually-hidden"
          // The button below opens it: one stop in the tab order, not two.
          tabIndex={-1}
          aria-label="PDF file"
          aria-describedby={hintId}
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) send(file);
          }}
        />
        <button
          type="button"
          className="ps-button ps-button--primary"
          disabled={uploading}
          onClick={() => inputRef.current?.click()}
        >
          Choose a PDF…
        </button>
      </div>
      {state.status === 'uploading' ? (
        <div className="ps-doc-upload__progress">
          <label htmlFor={`${hintId}-progress`}>Uploading {state.fileName}…</label>
          <progress id={`${hintId}-progress`} max={1} value={state.sent} />
        </div>
      ) : null}
      {state.status === 'refused' ? (
        <div className="ps-doc-upload__refusal" role="alert">
          <strong>{state.fileName} was not accepted.</strong> {state.message}
        </div>
      ) : null}
    </section>
  );
}
