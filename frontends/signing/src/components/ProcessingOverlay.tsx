import { Dialog, Spinner } from '@prosign/ui';
import './signing.css';
import { useSigningTexts } from './modals/signing-texts';

export interface ProcessingOverlayProps {
  open: boolean;
  /** Defaults to "Please wait while we process your agreement" (spec 1 §2.4). */
  message?: string;
}

/**
 * A modal while the agreement is processed, on the shared `Dialog`: named by its
 * message (read out as focus moves onto it), nothing behind it can be pressed
 * twice, it has no way out (Escape does nothing) and focus goes back when it
 * goes away.
 */
export function ProcessingOverlay({ open, message }: ProcessingOverlayProps) {
  const texts = useSigningTexts();
  return (
    <Dialog
      open={open}
      title={message ?? texts.processing}
      describeBody={false}
      className="sg-processing"
    >
      <Spinner label="" size="large" />
    </Dialog>
  );
}
