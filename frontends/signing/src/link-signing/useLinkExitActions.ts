import {
  linkSigningKeys,
  useLinkSigningApi,
  type LinkSigningFamily,
  type LinkSigningView,
} from '@prosign/api-client';
import { HANDOVER_TEXTS, type HandoverRequest, type SigningPageState } from '@prosign/domain';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Declining and handing over from a link's page, whatever its document step: a decline turns
 * the opened link declined (the flow then shows the declined state); a hand-over tells the flow
 * the link was handed over. Both reject with the server's refusal.
 */
export function useLinkExitActions(
  family: LinkSigningFamily,
  customId: string,
  captchaHeaders: Record<string, string>,
  onHandedOver?: (state: SigningPageState) => void,
) {
  const api = useLinkSigningApi(family, captchaHeaders);
  const queryClient = useQueryClient();

  const onDecline = async (reason: string) => {
    const declined = await api.decline(customId, reason);
    queryClient.setQueryData<LinkSigningView>(
      linkSigningKeys(family).opened(customId),
      (previous) =>
        previous
          ? ({
              ...previous,
              linkState: declined.linkState,
              status: declined.status,
              closedAt: declined.declinedAt,
            } as LinkSigningView)
          : previous,
    );
  };

  const onHandOver = async (handover: HandoverRequest) => {
    const handed = await api.handOver(customId, handover);
    onHandedOver?.({
      kind: 'handed-over',
      message: HANDOVER_TEXTS.done(handed.handedOverTo.name),
      done: true,
    });
  };

  return { onDecline, onHandOver };
}
