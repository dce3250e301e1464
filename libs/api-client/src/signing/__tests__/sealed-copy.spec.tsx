import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  awaitsSealedCopy,
  SEALED_COPY_POLL_MS,
  SEALED_COPY_WAIT_MS,
  useSealedCopy,
  type SealedCopyView,
} from '../sealed-copy';

const UNSEALED: SealedCopyView = { status: 'signed', signedDocLink: '', verifyId: 'v-1' };
const SEALED: SealedCopyView = {
  status: 'signed',
  signedDocLink: 'http://api.test/final.pdf',
  verifyId: 'v-1',
};

function renderSealedCopy(view: SealedCopyView, answers: SealedCopyView[]) {
  // Each read answers the next of `answers`, the last one from then on.
  let reads = 0;
  const queryFn = jest.fn(async () => answers[Math.min(reads++, answers.length - 1)]!);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => useSealedCopy(view, { queryKey: ['view', 'sealed-copy'], queryFn }),
    {
      wrapper,
    },
  );
  return { ...hook, queryFn };
}

const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the sealed copy of a signed agreement', () => {
  it('is awaited once everyone signed, until the view has its link', () => {
    expect(awaitsSealedCopy(UNSEALED)).toBe(true);
    expect(awaitsSealedCopy({ ...UNSEALED, signedDocLink: null })).toBe(true);
    expect(awaitsSealedCopy(SEALED)).toBe(false);
    // A signer's part is in while others sign: the agreement is not signed, nothing is sealed.
    expect(awaitsSealedCopy({ ...UNSEALED, status: 'signature_saved' })).toBe(false);
    // Marked as signed by staff: no seal follows.
    expect(awaitsSealedCopy({ ...UNSEALED, status: 'signed_manually' })).toBe(false);
    expect(awaitsSealedCopy(null)).toBe(false);
  });

  it('asks every 2 s until the link is there, then stops', async () => {
    const { result, queryFn } = renderSealedCopy(UNSEALED, [UNSEALED, UNSEALED, SEALED]);
    expect(result.current.wait).toBe('preparing');
    expect(result.current.signedDocLink).toBeNull();
    await wait(SEALED_COPY_POLL_MS);
    expect(result.current.wait).toBe('preparing');
    await wait(SEALED_COPY_POLL_MS);
    await waitFor(() => expect(result.current.wait).toBeNull());
    expect(result.current).toEqual({
      signedDocLink: SEALED.signedDocLink,
      verifyId: 'v-1',
      wait: null,
    });
    const asked = queryFn.mock.calls.length;
    await wait(10 * SEALED_COPY_POLL_MS);
    expect(queryFn).toHaveBeenCalledTimes(asked);
  });

  it('after 5 minutes leaves the copy to the e-mail and stops asking', async () => {
    const { result, queryFn } = renderSealedCopy(UNSEALED, [UNSEALED]);
    await wait(SEALED_COPY_WAIT_MS - 1);
    expect(result.current.wait).toBe('preparing');
    await wait(1);
    expect(result.current.wait).toBe('mailed');
    const asked = queryFn.mock.calls.length;
    await wait(10 * SEALED_COPY_POLL_MS);
    expect(queryFn).toHaveBeenCalledTimes(asked);
  });

  it('asks nothing when nothing is awaited', async () => {
    const { result, queryFn } = renderSealedCopy({ ...UNSEALED, status: 'signature_saved' }, [
      SEALED,
    ]);
    await wait(10 * SEALED_COPY_POLL_MS);
    expect(queryFn).not.toHaveBeenCalled();
    expect(result.current.wait).toBeNull();
  });
});
