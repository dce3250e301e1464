import { useSigningLinkTextSignature, type LinkSigningFamily } from '@prosign/api-client';
import { type FieldValue } from '@prosign/domain';
import { useSignerMessages, useToast } from '@prosign/ui';
import { useRef } from 'react';
import type { SignatureInput } from '../components/modals/SignatureModal';
import { serverMessage, SIGNER_ERROR_TOAST_MS } from '../components/SigningAgreement';
import { isSignedMark } from './signing-fields';

interface AdoptionInput {
  family: LinkSigningFamily;
  customId: string;
  captchaHeaders: Record<string, string>;
  /** Whether the recipient's signature is saved (`upload-text-signature`). */
  adopted: boolean;
  values: Readonly<Record<string, FieldValue>>;
  /** Every signature and initials field shows the adopted signature. */
  markSigned: () => void;
  openSignature: () => void;
  closeSignature: () => void;
  focusControl: (id: string) => void;
}

/**
 * Signature and initials fields: the first one pressed asks for the signature (the typed
 * signature every link family saves); once it is saved every such field shows it, and the
 * signer is back on the field they pressed.
 */
export function useSignatureAdoption(input: AdoptionInput) {
  const toast = useToast();
  const { format } = useSignerMessages();
  const save = useSigningLinkTextSignature(input.family, input.customId, input.captchaHeaders);
  const pressedFirst = useRef<string | null>(null);

  const sign = (id: string) => {
    if (!input.adopted) {
      pressedFirst.current = id;
      input.openSignature();
    } else if (!isSignedMark(input.values[id])) input.markSigned();
  };

  const saveSignature = (signature: SignatureInput) => {
    if (signature.mode !== 'typed') return;
    save.mutate(signature.text, {
      onSuccess: () => {
        toast.success(format('toast.signatureUploaded'));
        input.markSigned();
        input.closeSignature();
        const pressed = pressedFirst.current;
        pressedFirst.current = null;
        if (pressed) input.focusControl(pressed);
      },
      onError: (error) =>
        toast.error(
          serverMessage(error) ?? format('toast.signatureUploadFailed'),
          SIGNER_ERROR_TOAST_MS,
        ),
    });
  };

  return { sign, saveSignature, busy: save.isPending };
}
