import { formatPacificDateTime, type SignerMessages, type VerifyParty } from '@prosign/domain';
import { useSignerMessages } from '@prosign/ui';
import { useMemo } from 'react';

/** The verification page's words in the page's language (the audit events stay as recorded). */
function verifyTexts(m: SignerMessages) {
  const f = m.format;
  return {
    title: f('verify.title'),
    notFound: f('verify.notFound'),
    notFoundHint: f('verify.notFoundHint'),
    loading: f('verify.loading'),
    loadFailed: f('verify.loadFailed'),
    checkConnection: f('error.checkConnection'),
    retry: f('error.tryAgain'),
    dropPrompt: f('verify.dropPrompt'),
    choose: f('verify.choose'),
    matches: f('verify.matches'),
    doesNotMatch: f('verify.doesNotMatch'),
    notSealed: f('verify.notSealed'),
    pdfOnly: f('verify.pdfOnly'),
    checkFailed: f('verify.checkFailed'),
    historyIntact: f('verify.historyIntact'),
    historyAltered: f('verify.historyAltered'),
    sealValid: f('verify.sealValid'),
    sealValidDetail: f('verify.sealValidDetail'),
    sealSealedDetail: f('verify.sealSealedDetail'),
    sealInvalid: f('verify.sealInvalid'),
    sealInvalidDetail: f('verify.sealInvalidDetail'),
    sealBrokenDetail: f('verify.sealBrokenDetail'),
    sealPending: f('verify.sealPending'),
    sealPendingDetail: f('verify.sealPendingDetail'),
    status: f('verify.status'),
    statusValue: (status: string) =>
      f('verify.statusValue', { status: status === 'not signed' ? 'notSigned' : status }),
    signedOn: f('verify.signedOn'),
    role: (role: string) => f('verify.role', { role: role.replace(' to', 'To'), name: role }),
    /** A party's line: who, and for a signer whether and when they signed (the server's rule). */
    party: (party: VerifyParty) =>
      f('verify.party', {
        who: party.name ? `${party.name} (${party.email})` : party.email,
        signed: party.signedAt === undefined ? 'unknown' : party.signedAt ? 'yes' : 'no',
        date: party.signedAt ? formatPacificDateTime(party.signedAt) : '',
      }),
    sha256: f('verify.sha256'),
    seal: f('verify.seal'),
    events: f('verify.events'),
    event: (event: string, by: string | null | undefined) =>
      f('verify.event', { event, by: by ?? '', hasBy: by ? 'yes' : 'no' }),
    noEvents: f('verify.noEvents'),
    checkCopy: f('verify.checkCopy'),
    checking: (name: string) => f('verify.checking', { name }),
    sha256Of: (name: string) => f('verify.sha256Of', { name }),
    carries: f('verify.carries'),
  };
}

export type VerifyTexts = ReturnType<typeof verifyTexts>;

export function useVerifyTexts(): VerifyTexts {
  const messages = useSignerMessages();
  return useMemo(() => verifyTexts(messages), [messages]);
}
