import {
  initialsFromFullName,
  SIGNATURE_CANVAS,
  SIGNATURE_FONT_FAMILY,
  SIGNATURE_IMAGE_EXTENSION,
  SIGNATURE_IMAGE_MIME_TYPE,
  type SignerMessages,
  SIGNATURE_UPLOAD_MAX_BYTES,
} from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useId, useState } from 'react';
import { SignaturePad } from './SignaturePad';
import {
  InitialsField,
  SigningFormDialog,
  SigningTextField,
  useSigningForm,
} from './SigningFormDialog';
import { useSigningTexts } from './signing-texts';

export type SignatureMode = 'typed' | 'drawn' | 'upload';

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

/** The problem with a chosen PNG, if any (spec 1 §5: PNG only, up to the size limit). */
function uploadProblem(file: File, messages: SignerMessages): string | null {
  const isPng =
    file.name.toLowerCase().endsWith(SIGNATURE_IMAGE_EXTENSION) &&
    (file.type === '' || file.type === SIGNATURE_IMAGE_MIME_TYPE);
  if (!isPng) return messages.format('signature.pngOnly');
  if (file.size > SIGNATURE_UPLOAD_MAX_BYTES) {
    return messages.format('signature.tooLarge', {
      megabytes: SIGNATURE_UPLOAD_MAX_BYTES / 1024 / 1024,
    });
  }
  return null;
}

/** The typed signature as it will look, at the size it is drawn at when one is given. */
function SignaturePreview({ text, fontSizePx }: { text: string; fontSizePx?: number }) {
  const T = useSigningTexts().signature;
  return (
    <div
      className={`sg-signature-preview${text ? '' : ' sg-signature-preview--empty'}`}
      data-testid="signature-preview"
      // The signer's name as they write it: not for a page translator to change.
      translate={text ? 'no' : undefined}
      style={
        fontSizePx && text
          ? { fontFamily: `'${SIGNATURE_FONT_FAMILY}', cursive`, fontSize: fontSizePx }
          : undefined
      }
      aria-label={T.previewLabel}
      role="img"
    >
      {text || T.previewPlaceholder}
    </div>
  );
}

/** The mode buttons, when more than one way to sign is offered. */
function ModeButtons({
  modes,
  mode,
  onMode,
}: {
  modes: readonly SignatureMode[];
  mode: SignatureMode;
  onMode: (mode: SignatureMode) => void;
}) {
  const messages = useSignerMessages();
  if (modes.length <= 1) return null;
  return (
    <div
      className="sg-signature-modes"
      role="group"
      aria-label={messages.format('signature.modes')}
    >
      {modes.map((option) => (
        <button
          key={option}
          type="button"
          className={`ps-button${option === mode ? ' ps-button--primary' : ''}`}
          aria-pressed={option === mode}
          onClick={() => onMode(option)}
        >
          {messages.format('signature.mode', { mode: option })}
        </button>
      ))}
    </div>
  );
}

/** The Signature modal (spec 1 §2.4, §5): the signing modal with initials and a signature. */
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
  const T = useSigningTexts().signature;
  const messages = useSignerMessages();
  const [mode, setMode] = useState<SignatureMode>(modes[0] ?? 'typed');
  const [initials, setInitials] = useState('');
  const [text, setText] = useState('');
  const [drawing, setDrawing] = useState<Blob | null>(null);
  const [upload, setUpload] = useState<File | null>(null);
  const uploadId = useId();
  // Each opening starts from what was saved, or from the signer's name.
  const form = useSigningForm(open, () => {
    setInitials(savedInitials ?? initialsFromFullName(fullName));
    setText(savedSignature ?? fullName.trim());
    setDrawing(null);
    setUpload(null);
    setMode(modes[0] ?? 'typed');
  });

  const submit = () => {
    const trimmedInitials = initials.trim();
    const trimmedText = text.trim();
    if (!askInitials) {
      if (!trimmedText) return messages.format('signature.blank');
      return onSave({ mode: 'typed', initials: '', text: trimmedText });
    }
    if (mode === 'typed') {
      if (!trimmedInitials || !trimmedText) return messages.format('signature.bothRequired');
      return onSave({ mode, initials: trimmedInitials, text: trimmedText });
    }
    if (!trimmedInitials) return messages.format('signature.bothRequired');
    if (mode === 'drawn') {
      if (!drawing) return messages.format('signature.sourceRequired');
      return onSave({ mode, initials: trimmedInitials, image: drawing });
    }
    if (!upload) return messages.format('signature.sourceRequired');
    return onSave({ mode, initials: trimmedInitials, image: upload });
  };

  const onFile = (file: File | undefined) => {
    setUpload(null);
    if (!file) return;
    const problem = uploadProblem(file, messages);
    if (problem) return form.setError(problem);
    form.setError('');
    setUpload(file);
  };

  return (
    <SigningFormDialog
      open={open}
      texts={T}
      busy={busy}
      size="wide"
      form={form}
      onSubmit={submit}
      onClose={onClose}
    >
      <ModeButtons
        modes={modes}
        mode={mode}
        onMode={(option) => {
          setMode(option);
          form.setError('');
        }}
      />
      {askInitials ? (
        <InitialsField
          label={T.initialsLabel}
          value={initials}
          onChange={setInitials}
          form={form}
        />
      ) : null}
      {mode === 'typed' ? (
        <>
          <SigningTextField
            label={T.signatureLabel}
            value={text}
            onChange={setText}
            form={form}
            maxLength={100}
            autoComplete="name"
          />
          <SignaturePreview text={text.trim()} fontSizePx={previewFontSizePx} />
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
            if (image) form.setError('');
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
    </SigningFormDialog>
  );
}
