import type { AgreementCardCore, AgreementFamily } from '@prosign/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useStaffRealtime } from '../realtime/useStaffRealtime';
import { agreementKeys } from './agreement-hooks';

/**
 * Keeps an open dashboard of `family` current without reload: a change of one
 * of its agreements (`id` is the agreement's `_id`) refreshes that agreement
 * and the family's lists; signer presence turns a card's "viewing now" on and off; after the
 * socket was lost and connected again, everything of the family is refetched.
 */
export function useAgreementLive(family: AgreementFamily) {
  const queryClient = useQueryClient();
  const [presence, setPresence] = useState<Readonly<Record<string, boolean>>>({});

  useStaffRealtime({
    onAgreementChanged: (event) => {
      if (event.family !== family) return;
      void queryClient.invalidateQueries({ queryKey: agreementKeys.one(family, event.id) });
      void queryClient.invalidateQueries({ queryKey: agreementKeys.lists(family) });
    },
    onSignerPresence: (event) => {
      if (event.family !== family) return;
      setPresence((current) => ({ ...current, [event.id]: event.active }));
    },
    // Changes made while the socket was away were never heard: the family's data again.
    onReconnect: () =>
      void queryClient.invalidateQueries({ queryKey: agreementKeys.family(family) }),
  });

  /** Live presence when an event arrived for the card, else what the list said. */
  const isViewingNow = useCallback(
    (card: Pick<AgreementCardCore, '_id' | 'presence'>) =>
      presence[card._id] ?? Boolean(card.presence?.active),
    [presence],
  );
  return { isViewingNow };
}
