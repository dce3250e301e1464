import {
  initialsFromFullName,
  SIGNATURE_CANVAS,
  SIGNATURE_FONT_FAMILY,
  SIGNATURE_IMAGE_EXTENSION,
  SIGNATURE_IMAGE_MIME_TYPE,
  SIGNATURE_MESSAGES,
  SIGNATURE_UPLOAD_MAX_BYTES,
} from '@prosign/domain';
import { Dialog } from '@prosign/ui';
import '@fontsource/whisper/400.css';
import '../signing.css';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { SignaturePad } from './SignaturePad';
import { FormDialogActions } from './FormDialogActions';
import { SIGNATURE_MODE_LABELS, SIGNING_TEXTS } from './signing-texts';

export type SignatureMode = keyof typeof SIGNATURE_MODE_LABELS;

/** What the signer saved: initials, and the signature as text, a drawing or an uploaded PNG. */
export type SignatureInput =
  | { mode: 'typed'; initials: string; text: string }
  | { mode: 'drawn'; initials: string; image: Blob }
  | { mode: 'upload'; initials: string; image: File };

export interface SignatureModalProps {
  open: boolean;
  /** The signer's full name: the default signature and the source of the default initials. */
  fullName: string;
  /** Values saved earlier (re-editing); else defaults from the full name. */
  savedInitials?: string;
  savedSignature?: string;
  /** Signing modes offered; visitors get typed only (spec 1 §2.4). */
  modes?: readonly SignatureMode[];
  /** True while the save is in flight. */
  busy?: boolean;
  /**
   * Whether initials are asked with the signature (the customer page); the SOW
   * page asks for the signature alone and refuses a blank one with
   * "Please add your signature" (spec 3 §2). Without initials, `initials` is ''.
   */
  askInitials?: boolean;
  /** The preview's size: the size the signature is drawn at (spec 3 §9: 35 px on SOW and CO). */
  previewFontSizePx?: number;
  onSave: (input: SignatureInput) => void;
  onClose: () => void;
}

const T = SIGNING_TEXTS.signature;

/** The Signature modal (spec 1 §2.4, §5). */
export function SignatureModal({
  open,
  fullName,
  savedInitials,
  savedSignature,
  modes = ['typed'],
  busy = false,
  askInitials = true,
  previewFontSizePx,
  onSave,
  onClose,
}: SignatureModalProps) {
  const [mode, setMode] = useState<SignatureMode>(modes[0] ?? 'typed');
  const [initials, setInitials] = useState('');
  const [text, setText] = useState('');
  const [drawing, setDrawing] = useState<Blob | null>(null);
  const [upload, setUpload] = useState<File | null>(null);
  const [error, setError] = useState('');
  const initialsId = useId();
  const signatureId = useId();
  const errorId = useId();
  const uploadId = useId();

  // Each opening starts from what was saved, or from the signer's name.
  useEffect(() => {
    if (!open) return;
    setInitials(savedInitials ?? initialsFromFullName(fullName));
    setText(savedSignature ?? fullName.trim());
    setDrawing(null);
    setUpload(null);
    setError('');
    setMode(modes[0] ?? 'typed');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedInitials = initials.trim();
    if (!askInitials) {
      const trimmedText = text.trim();
      if (!trimmedText) return setError(SIGNATURE_MESSAGES.blankSignature);
      return onSave({ mode: 'typed', initials: '', text: trimmedText });
    }
    if (mode === 'typed') {
      const trimmedText = text.trim();
      if (!trimmedInitials || !trimmedText) return setError(SIGNATURE_MESSAGES.bothRequired);
      return onSave({ mode, initials: trimmedInitials, text: trimmedText });
    }
    if (!trimmedInitials) return setError(SIGNATURE_MESSAGES.bothRequired);
    if (mode === 'drawn') {
      if (!drawing) return setError(SIGNATURE_MESSAGES.sourceRequired);
      return onSave({ mode, initials: trimmedInitials, image: drawing });
    }
    if (!upload) return setError(SIGNATURE_MESSAGES.sourceRequired);
    return onSave({ mode, initials: trimmedInitials, image: upload });
  };

  const onFile = (file: File | undefined) => {
    setUpload(null);
    if (!file) return;
    const isPng =
      file.name.toLowerCase().endsWith(SIGNATURE_IMAGE_EXTENSION) &&
      (file.type === '' || file.type === SIGNATURE_IMAGE_MIME_TYPE);
    if (!isPng) return setError(SIGNATURE_MESSAGES.pngOnly);
    if (file.size > SIGNATURE_UPLOAD_MAX_BYTES) return setError(SIGNATURE_MESSAGES.tooLarge);
    setError('');
    setUpload(file);
  };

  const preview = text.trim();
  const formId = useId();
  return (
    <Dialog
      open={open}
      title={T.title}
      onClose={busy ? undefined : onClose}
      describeBody={false}
      size="wide"
      actions={
        <FormDialogActions formId={formId} saveLabel={T.save} busy={busy} onCancel={onClose} />
      }
    >
      <form id={formId} className="sg-signature-form" onSubmit={submit} noValidate>
        <p>{T.prompt}</p>
        {modes.length > 1 ? (
          <div className="sg-signature-modes" role="group" aria-label="How to sign">
            {modes.map((option) => (
              <button
                key={option}
                type="button"
                className={`ps-button${option === mode ? ' ps-button--primary' : ''}`}
                aria-pressed={option === mode}
                onClick={() => {
                  setMode(option);
                  setError('');
                }}
              >
                {SIGNATURE_MODE_LABELS[option]}
              </button>
            ))}
          </div>
        ) : null}
        {askInitials ? (
          <div className="ps-field">
            <label htmlFor={initialsId}>{T.initialsLabel}</label>
            <input
              id={initialsId}
              className="ps-input"
              value={initials}
              autoComplete="off"
              maxLength={20}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                setInitials(event.target.value);
                setError('');
              }}
            />
          </div>
        ) : null}
        {mode === 'typed' ? (
          <>
            <div className="ps-field">
              <label htmlFor={signatureId}>{T.signatureLabel}</label>
              <input
                id={signatureId}
                className="ps-input"
                value={text}
                autoComplete="name"
                maxLength={100}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  setError('');
                }}
              />
            </div>
            <div
              className={`sg-signature-preview${preview ? '' : ' sg-signature-preview--empty'}`}
              data-testid="signature-preview"
              style={
                previewFontSizePx && preview
                  ? {
                      fontFamily: `'${SIGNATURE_FONT_FAMILY}', cursive`,
                      fontSize: previewFontSizePx,
                    }
                  : undefined
              }
              aria-label="Signature preview"
              role="img"
            >
              {preview || T.previewPlaceholder}
            </div>
          </>
        ) : null}
        {mode === 'drawn' ? (
          <SignaturePad
            label={T.drawLabel}
            clearLabel={T.clear}
            width={SIGNATURE_CANVAS.widthPx}
            height={SIGNATURE_CANVAS.heightPx}
            onChange={(image) => {
              setDrawing(image);
              if (image) setError('');
            }}
          />
        ) : null}
        {mode === 'upload' ? (
          <div className="ps-field">
            <label htmlFor={uploadId}>{T.uploadLabel}</label>
            <input
              id={uploadId}
              type="file"
              accept={`${SIGNATURE_IMAGE_EXTENSION},${SIGNATURE_IMAGE_MIME_TYPE}`}
              onChange={(event) => onFile(event.target.files?.[0])}
            />
          </div>
        ) : null}
        {error ? (
          <p id={errorId} className="sg-form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
