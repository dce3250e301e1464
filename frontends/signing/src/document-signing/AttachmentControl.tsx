import { formatBytes, type AttachmentField, type DocumentAttachmentInfo } from '@prosign/domain';
import { useRef, type Ref } from 'react';

/** An attachment field's file: the one uploaded, an upload under way, or why one was refused. */
export interface AttachmentState {
  uploaded: DocumentAttachmentInfo | null;
  /** The share sent of an upload under way, 0 to 1; null when none runs. */
  progress: number | null;
  /** Why the last file was refused (before the upload, or by the server). */
  refusal: string | null;
}

export const NO_ATTACHMENT: AttachmentState = { uploaded: null, progress: null, refusal: null };

interface AttachmentControlProps {
  field: AttachmentField;
  name: string;
  state: AttachmentState;
  controlRef: Ref<HTMLButtonElement>;
  onAttach: (file: File) => void;
}

/**
 * Picks a file for an attachment field (the types it accepts offered first), shows the upload's
 * progress, and the file once uploaded, which the signer may replace until they finish.
 */
export function AttachmentControl({
  field,
  name,
  state,
  controlRef,
  onAttach,
}: AttachmentControlProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = state.progress !== null;
  const percent = Math.round((state.progress ?? 0) * 100);
  const label = state.uploaded
    ? `${name}, ${state.uploaded.name} attached: replace it`
    : `${name}: attach a file (${field.allowedTypes.join(', ')}, up to ${formatBytes(field.maxBytes)})`;
  return (
    <div className="sg-doc-field__attachment">
      <button
        ref={controlRef}
        type="button"
        className="sg-doc-field__attach"
        aria-label={label}
        aria-invalid={state.refusal ? true : undefined}
        disabled={uploading}
        onClick={() => input.current?.click()}
      >
        {uploading ? (
          <progress
            className="sg-doc-field__progress"
            max={100}
            value={percent}
            aria-label={`Uploading ${percent}%`}
          />
        ) : state.uploaded ? (
          <span className="sg-doc-field__file">{state.uploaded.name} · Replace</span>
        ) : (
          'Attach a file'
        )}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        aria-label={`Choose a file for ${name}`}
        accept={field.allowedTypes.join(',')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be picked again after a refusal.
          event.target.value = '';
          if (file) onAttach(file);
        }}
      />
    </div>
  );
}
