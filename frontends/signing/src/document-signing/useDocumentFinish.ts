import { useSigningLinkFinish, type LinkSigningFamily } from '@prosign/api-client';
import { useSignerMessages, useToast } from '@prosign/ui';
import { useState } from 'react';
import { serverMessage, SIGNER_ERROR_TOAST_MS } from '../components/SigningAgreement';

interface FinishInput {
  family: LinkSigningFamily;
  customId: string;
  captchaHeaders: Record<string, string>;
  /** The recipient's required fields not done yet, in reading order. */
  missing: ReadonlyArray<{ id: string; name: string }>;
  /** Saves what waits; whether it was saved. */
  flush: () => Promise<boolean>;
  goTo: (id: string) => void;
  /** The consent step (Agree and Finish's dialog) opens. */
  onReady: () => void;
  onFinishing: () => void;
  onFinished: (progress: string | null) => void;
  onRefused: () => void;
}

/**
 * Agree and Finish on a document: with required fields left, each is named and the page moves
 * to the first; else the entries are saved and the consent step opens. The finish itself may
 * still be refused by the server (its message names what it misses).
 */
export function useDocumentFinish(input: FinishInput) {
  const toast = useToast();
  const { format } = useSignerMessages();
  const finish = useSigningLinkFinish(input.family, input.customId, input.captchaHeaders);
  const [showMissing, setShowMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const agreeAndFinish = async () => {
    setRefusal(null);
    const first = input.missing[0];
    if (first) {
      setShowMissing(true);
      input.goTo(first.id);
      return;
    }
    if (!(await input.flush())) {
      toast.error(format('toast.entriesNotSaved'), SIGNER_ERROR_TOAST_MS);
      return;
    }
    input.onReady();
  };

  const confirm = () => {
    if (finish.isPending) return;
    input.onFinishing();
    finish.mutate(undefined, {
      onSuccess: (finished) => input.onFinished(finished.progress ?? null),
      onError: (error) => {
        const reason = serverMessage(error);
        if (reason) setRefusal(reason);
        toast.error(reason ?? format('toast.finishFailed'), SIGNER_ERROR_TOAST_MS);
        input.onRefused();
      },
    });
  };

  return {
    agreeAndFinish,
    confirm,
    busy: finish.isPending,
    missing: showMissing ? input.missing : null,
    refusal,
  };
}
