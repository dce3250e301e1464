import { RuntimeConfigProvider } from '@prosign/api-client';
import { act, render } from '@testing-library/react';
import type { PresenceSocketFactory } from '../signer-socket';
import { useSignerPresence } from '../useSignerPresence';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';

function fakeSocket() {
  const log: string[] = [];
  const connections: Array<{ apiUrl: string; query: unknown }> = [];
  const connect: PresenceSocketFactory = (apiUrl, query) => {
    connections.push({ apiUrl, query });
    return Promise.resolve({
      emit: (event, report) => log.push(`${event}:${report.token}`),
      disconnect: () => log.push('disconnect'),
    });
  };
  return { log, connections, connect };
}

function Presence({ enabled, connect }: { enabled: boolean; connect: PresenceSocketFactory }) {
  useSignerPresence({ token: 'tok-1', docLink: 'https://docs.test/d/1/edit', enabled, connect });
  return null;
}

function renderPresence(enabled: boolean, connect: PresenceSocketFactory) {
  const { client } = fakeClient({});
  return render(
    <RuntimeConfigProvider config={TEST_CONFIG} client={client}>
      <Presence enabled={enabled} connect={connect} />
    </RuntimeConfigProvider>,
  );
}

const flush = () => act(async () => undefined);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useSignerPresence', () => {
  it('connects with the token and docLink and reports active on opening', async () => {
    const socket = fakeSocket();
    renderPresence(true, socket.connect);
    await flush();
    expect(socket.connections).toEqual([
      {
        apiUrl: 'http://api.test',
        query: { token: 'tok-1', docLink: 'https://docs.test/d/1/edit' },
      },
    ]);
    expect(socket.log).toEqual(['user-active:tok-1']);
  });

  it('reports activity at most every 5 s, inactive after 30 s idle, active again on input', async () => {
    const socket = fakeSocket();
    renderPresence(true, socket.connect);
    await flush();
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    expect(socket.log).toEqual(['user-active:tok-1']);

    act(() => jest.advanceTimersByTime(6_000));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(socket.log).toEqual(['user-active:tok-1', 'user-active:tok-1']);

    act(() => jest.advanceTimersByTime(29_000));
    expect(socket.log).toHaveLength(2);
    act(() => jest.advanceTimersByTime(1_000));
    expect(socket.log.at(-1)).toBe('user-inactive:tok-1');

    act(() => {
      window.dispatchEvent(new MouseEvent('click'));
    });
    expect(socket.log.at(-1)).toBe('user-active:tok-1');
  });

  it('reports inactive and disconnects when the page is left', async () => {
    const socket = fakeSocket();
    renderPresence(true, socket.connect);
    await flush();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(socket.log).toEqual(['user-active:tok-1', 'user-inactive:tok-1', 'disconnect']);
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
    });
    expect(socket.log).toHaveLength(3);
  });

  it('reports inactive and disconnects on unmount, and does nothing while disabled', async () => {
    const socket = fakeSocket();
    const view = renderPresence(true, socket.connect);
    await flush();
    view.unmount();
    expect(socket.log).toEqual(['user-active:tok-1', 'user-inactive:tok-1', 'disconnect']);

    const idle = fakeSocket();
    renderPresence(false, idle.connect);
    await flush();
    act(() => {
      window.dispatchEvent(new MouseEvent('mousemove'));
    });
    expect(idle.connections).toEqual([]);
  });
});
