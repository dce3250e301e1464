import { familyDefinition, type AgreementFamily, type SignerMessages } from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useMemo } from 'react';

/** The signer-facing texts of spec 1 §2.4 and §5 in the signer's language (libs/domain/src/i18n). */
function signingTexts(m: SignerMessages) {
  const f = m.format;
  return {
    notice: f('signing.notice'),
    signAndAddInitials: f('signing.signAndAddInitials'),
    agreeAndFinish: f('signing.agreeAndFinish'),
    processing: f('signing.processing'),
    signature: {
      title: f('signature.dialogTitle'),
      prompt: f('signature.prompt'),
      initialsLabel: f('signature.initialsLabel'),
      signatureLabel: f('signature.signatureLabel'),
      previewPlaceholder: f('signature.previewPlaceholder'),
      previewLabel: f('signature.previewLabel'),
      save: f('signature.save'),
      clear: f('signature.clear'),
      drawLabel: f('signature.drawLabel'),
      uploadLabel: f('signature.uploadLabel'),
      modes: f('signature.modes'),
    },
    edit: {
      title: f('edit.title'),
      prompt: f('edit.prompt'),
      edit: f('edit.edit'),
    },
    initials: {
      title: f('initials.dialogTitle'),
      prompt: f('initials.prompt'),
      initialsLabel: f('initials.label'),
      previewLabel: f('initials.previewLabel'),
      agree: f('initials.agree'),
      save: f('initials.save'),
      initialsRequired: f('initials.required'),
    },
    completion: {
      title: f('completion.title'),
      message: f('completion.message'),
      close: f('dialog.close'),
      /** With several signers, when others still sign after this one. */
      partTitle: f('completion.partTitle'),
      partMessage: f('completion.partMessage'),
    },
    consent: {
      title: f('consent.title'),
      close: f('dialog.close'),
    },
    cancel: f('dialog.cancel'),
  };
}

/** The signing texts in the page's language. */
export function useSigningTexts() {
  const messages = useSignerMessages();
  return useMemo(() => signingTexts(messages), [messages]);
}

/** A family's document as the page's language names it ("Scope of Work", "orden de cambio"). */
function documentNameIn(messages: SignerMessages, family: AgreementFamily): string {
  return messages.format('family.documentName', {
    family,
    name: familyDefinition(family).documentName,
  });
}

/**
 * The words of a customId link's page (spec 3 §2, §4: a typed signature, then
 * Agree and Finish), naming the family's document, in the page's language.
 */
export function useLinkSigningTexts(family: AgreementFamily) {
  const messages = useSignerMessages();
  return useMemo(() => {
    const f = messages.format;
    const document = documentNameIn(messages, family);
    return {
      sign: f('link.sign'),
      changeSignature: f('link.changeSignature'),
      signatureSaved: f('link.signatureSaved', { document }),
      finishHint: f('link.finishHint'),
      finish: {
        title: f('signing.agreeAndFinish'),
        prompt: f('link.finishPrompt', { document }),
        save: f('signing.agreeAndFinish'),
      },
    };
  }, [messages, family]);
}

/** The close control of a signing dialog's header, in the page's language. */
export function useDismissLabels() {
  const { format } = useSignerMessages();
  return useMemo(
    () => ({ label: format('dialog.dismiss'), tooltip: format('dialog.dismissTooltip') }),
    [format],
  );
}
