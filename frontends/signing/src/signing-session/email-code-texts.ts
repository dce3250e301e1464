import type { SignerMessages } from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useMemo } from 'react';

/** The e-mail code step's words in the page's language (the server's refusals stay its own). */
export function emailCodeTexts(m: SignerMessages) {
  const f = m.format;
  return {
    region: f('emailCode.region'),
    label: f('emailCode.label'),
    verify: f('emailCode.verify'),
    verifying: f('emailCode.verifying'),
    resend: f('emailCode.resend'),
    sending: f('emailCode.sending'),
    resendIn: (time: string) => f('emailCode.resendIn', { time }),
    checking: f('emailCode.checking'),
    failed: f('emailCode.failed'),
    failedMessage: f('emailCode.failedMessage'),
    retry: f('error.tryAgain'),
    sendFailed: f('emailCode.sendFailed'),
    verifyFailed: f('emailCode.verifyFailed'),
    /** Too many wrong codes: only the sender can open the step again. */
    locked: f('emailCode.locked'),
    lockedMessage: f('emailCode.lockedMessage'),
    malformed: f('emailCode.malformed'),
    sent: (email: string) => f('emailCode.sent', { email }),
    sentExpires: (email: string, minutes: number) => f('emailCode.sentExpires', { email, minutes }),
  };
}

export function useEmailCodeTexts() {
  const messages = useSignerMessages();
  return useMemo(() => emailCodeTexts(messages), [messages]);
}
