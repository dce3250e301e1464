import { ConsentDisclosureText, Dialog } from '@prosign/ui';
import '../signing.css';
import { useDismissLabels, useSigningTexts } from './signing-texts';

export interface ConsentDisclosureModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The "Electronic Signature Consent and Disclosure" (spec 1 §2.4); its words
 * are `CONSENT_DISCLOSURE` in `@prosign/domain`.
 */
export function ConsentDisclosureModal({ open, onClose }: ConsentDisclosureModalProps) {
  const T = useSigningTexts().consent;
  const dismissLabels = useDismissLabels();
  return (
    <Dialog
      dismissLabels={dismissLabels}
      open={open}
      title={T.title}
      onClose={onClose}
      describeBody={false}
      size="wide"
      actions={
        <button type="button" className="ps-button ps-button--primary" onClick={onClose}>
          {T.close}
        </button>
      }
    >
      <ConsentDisclosureText className="sg-consent-text" />
    </Dialog>
  );
}
