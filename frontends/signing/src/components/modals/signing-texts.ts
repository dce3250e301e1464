import { CONSENT_DISCLOSURE, familyDefinition, type AgreementFamily } from '@prosign/domain';

/** The signer-facing texts of spec 1 §2.4 and §5, word for word, in one place. */
export const SIGNING_TEXTS = {
  notice: 'Before proceeding, we encourage you to take a moment to review the entire agreement.',
  signAndAddInitials: 'Sign & Add Initials',
  agreeAndFinish: 'Agree and Finish',
  processing: 'Please wait while we process your agreement',
  signature: {
    title: 'Sign the agreement',
    prompt: 'Please click "Save" to proceed to the final step.',
    initialsLabel: 'Review and Update Your Initials',
    signatureLabel: 'Review and Update Your Signature',
    previewPlaceholder: 'Your signature will appear here...',
    save: 'Save',
    clear: 'Clear',
    drawLabel: 'Draw your signature',
    uploadLabel: 'Upload your signature (.png)',
  },
  edit: {
    title: 'Edit your signature',
    prompt: 'Please click "Edit" to edit the signature and initials.',
    edit: 'Edit',
  },
  initials: {
    title: 'Add your initials',
    prompt:
      'Please add the initials below to accept the contract and confirm your agreement to all terms and conditions.',
    initialsLabel: 'Initials',
    agree: 'I agree to the terms and conditions.',
    save: 'Save Initials',
    initialsRequired: 'Please fill in your initials.',
  },
  completion: {
    title: 'Agreement completed',
    message:
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    close: 'Close',
    /** With several signers, when others still sign after this one. */
    partTitle: 'Your signature is in',
    partMessage:
      'Thank you for signing. Everyone receives the signed copy by e-mail once the last signature is in.',
  },
  consent: {
    title: CONSENT_DISCLOSURE.title,
    close: 'Close',
  },
  cancel: 'Cancel',
} as const;

export const SIGNATURE_MODE_LABELS = {
  typed: 'Type',
  drawn: 'Draw',
  upload: 'Upload',
} as const;

/**
 * The words of a customId link's page (spec 3 §2, §4: a typed signature, then
 * Agree and Finish), naming the family's document.
 */
export function linkSigningTexts(family: AgreementFamily) {
  const document = familyDefinition(family).documentName;
  return {
    sign: 'Sign',
    changeSignature: 'Change signature',
    signatureSaved: `Your signature is saved. Agree and Finish to sign the ${document}.`,
    finishHint: 'Add your signature first; then you can agree and finish.',
    finish: {
      title: 'Agree and Finish',
      prompt: `By agreeing you sign this ${document} electronically and accept the Electronic Signature Consent and Disclosure.`,
      save: 'Agree and Finish',
    },
  };
}
