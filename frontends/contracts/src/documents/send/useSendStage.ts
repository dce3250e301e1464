// The builder's send step: whether it shows, what it was given (a deal and its contacts, the
// countersigner's title), whether a send was tried, and what was sent.
import type { FullNameOption } from '@prosign/domain';
import { useState } from 'react';
import type { DocumentSent } from './document-send-api';
import type { LinkedDeal } from './SendPanel';
import type { DocumentSendBody } from './send-request';

export function useSendStage() {
  const [stage, setStage] = useState<'fields' | 'send'>('fields');
  const [sent, setSent] = useState<{ sent: DocumentSent; body: DocumentSendBody } | null>(null);
  const [deal, setDeal] = useState<LinkedDeal | null>(null);
  const [picks, setPicks] = useState<FullNameOption[]>([]);
  const [countersignerTitle, setCountersignerTitle] = useState('');
  const [tried, setTried] = useState(false);
  return {
    stage,
    setStage,
    sent,
    setSent,
    deal,
    /** A deal linked with its contacts (the signers' quick picks), or none. */
    linkDeal: (linked: LinkedDeal | null, contacts: FullNameOption[]) => {
      setDeal(linked);
      setPicks(contacts);
    },
    picks,
    countersignerTitle,
    setCountersignerTitle,
    tried,
    setTried,
  };
}

export type SendStage = ReturnType<typeof useSendStage>;
