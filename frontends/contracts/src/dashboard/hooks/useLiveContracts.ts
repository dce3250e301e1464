import { invalidateContracts, useStaffRealtime } from '@prosign/api-client';
import type { ContractCardView } from '@prosign/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';

/**
 * Keeps an open dashboard current without reload: a contract change refetches
 * the list; signer presence turns a card's "viewing now" on and off.
 */
export function useLiveContracts() {
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<Readonly<Record<string, boolean>>>({});

  useStaffRealtime({
    onContractChanged: (event) => {
      if (event.family === 'standard') void invalidateContracts(queryClient);
    },
    onSignerPresence: (event) => {
      if (event.family !== 'standard') return;
      setPresence((current) => ({ ...current, [event.id]: event.active }));
    },
  });

  /** Live presence when an event arrived for the card, else what the list said. */
  const isViewingNow = useCallback(
    (card: ContractCardView) => presence[card.token] ?? Boolean(card.presence?.active),
    [presence],
  );
  return { isViewingNow };
}
