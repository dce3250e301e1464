import type { SigningApi } from '@prosign/api-client';
import {
  initialsFromFullName,
  type SignerMetrics,
  type VerifyTokenResponse,
} from '@prosign/domain';
import { useSignerMessages, useToast } from '@prosign/ui';
import { useState } from 'react';
import type { SignatureInput } from '../components/modals/SignatureModal';
import {
  serverMessage,
  SIGNER_ERROR_TOAST_MS,
  useAgreementViewer,
} from '../components/SigningAgreement';
import { initialsBookmark, signatureBookmark } from './bookmarks';

export type CustomerStep =
  'reading' | 'signature' | 'edit' | 'initials' | 'finishing' | 'completed';

export interface CustomerSigningStepsOptions {
  token: string;
  link: VerifyTokenResponse;
  api: SigningApi;
  update: (change: Partial<VerifyTokenResponse> & { metrics?: SignerMetrics }) => void;
  onCompleted: () => void;
}

/**
 * The customer's steps on a verified link (spec 1 §2.4, §4.1): sign (typed, drawn
 * or uploaded), edit or clear the saved signature, initial with consent, finish.
 */
export function useCustomerSigningSteps({
  token,
  link,
  api,
  update,
  onCompleted,
}: CustomerSigningStepsOptions) {
  const toast = useToast();
  const { format } = useSignerMessages();
  const viewer = useAgreementViewer();
  const [step, setStep] = useState<CustomerStep>('reading');
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const { metrics, client } = link;
  const fullName = client.full_name;
  const savedInitials = metrics.initials ?? initialsFromFullName(fullName);

  const openSignature = () => {
    setStep('signature');
    viewer.scrollTo(link.bookmarks?.signature, signatureBookmark);
  };

  const storeSignature = async (input: SignatureInput) => {
    if (editing) {
      if (input.mode !== 'typed') throw new Error('Only typed signatures can be edited.');
      const answer = await api.editSignature({
        token,
        signatures: input.text,
        initials: input.initials,
      });
      update({
        metrics: answer.metrics ?? { ...metrics, signature: input.text, initials: input.initials },
      });
      toast.success(answer.message || format('toast.editSaved'));
      return;
    }
    const answer =
      input.mode === 'typed'
        ? await api.uploadSignature({
            token,
            textSignature: input.text,
            clientname: fullName,
            initials: input.initials,
          })
        : await api.uploadImage({ token, docLink: link.docLink, image: input.image });
    update({ metrics: answer.metrics });
    toast.success(format('toast.signatureUploaded'));
  };

  const saveSignature = async (input: SignatureInput) => {
    setBusy(true);
    try {
      await storeSignature(input);
      setStep('reading');
      setEditing(false);
    } catch (error) {
      const fallback = editing
        ? format('toast.editFailed')
        : input.mode === 'typed'
          ? format('toast.signatureUploadFailed')
          : format('toast.imageUploadFailed');
      toast.error(serverMessage(error) ?? fallback, SIGNER_ERROR_TOAST_MS);
    } finally {
      setBusy(false);
    }
  };

  const openInitials = () => {
    setStep('initials');
    viewer.scrollTo(link.bookmarks?.initials, initialsBookmark);
  };

  const saveInitialsAndFinish = async (input: { initials: string; agreedToTerms: true }) => {
    setBusy(true);
    try {
      const answer = await api.uploadInitials({
        token,
        clientname: fullName,
        initials: input.initials,
        agreedToTerms: input.agreedToTerms,
      });
      update({ metrics: answer.metrics });
    } catch (error) {
      toast.error(
        serverMessage(error) ?? format('toast.initialsUploadFailed'),
        SIGNER_ERROR_TOAST_MS,
      );
      setBusy(false);
      return;
    }
    setStep('finishing');
    try {
      const finished = await api.finish(token);
      update({
        // The agreement is signed with the last signature only (`progress`: others still sign).
        ...(finished.progress ? {} : { status: finished.status }),
        signedDocLink: finished.signedDocLink,
        verifyId: finished.verifyId,
        progress: finished.progress ?? null,
        metrics: { ...metrics, initials: input.initials, isSignatureSaved: true, isSigned: true },
      });
      onCompleted();
      setStep('completed');
    } catch {
      toast.error(format('toast.finishFailed'), SIGNER_ERROR_TOAST_MS);
      setStep('reading');
    } finally {
      setBusy(false);
    }
  };

  /** Spec 1 §4.1, item 6: clearing the saved signature resets the saved flag, here and on the server. */
  const clearSignature = async () => {
    setBusy(true);
    try {
      const answer = await api.clearSignature(token);
      update({ metrics: answer.metrics });
      toast.success(answer.message || format('toast.signatureCleared'));
    } catch (error) {
      toast.error(serverMessage(error) ?? format('toast.clearFailed'), SIGNER_ERROR_TOAST_MS);
    } finally {
      setBusy(false);
      setConfirmClear(false);
    }
  };

  return {
    viewer,
    step,
    setStep,
    setEditing,
    busy,
    confirmClear,
    setConfirmClear,
    fullName,
    savedInitials,
    openSignature,
    saveSignature,
    openInitials,
    saveInitialsAndFinish,
    clearSignature,
  };
}
