import { ApiError } from '../../client/ApiError';
import { withGatewayRetries } from '../gateway-retries';

/** A call that fails with `failures` in turn, then answers 'done'. */
function flaky(failures: ApiError[]) {
  const calls: string[] = [];
  return {
    calls,
    api: {
      save: async (value: string) => {
        calls.push(value);
        const failure = failures.shift();
        if (failure) throw failure;
        return 'done';
      },
      other: async () => {
        throw new ApiError(502, 'Bad Gateway', 'Bad Gateway');
      },
    },
  };
}

const gateway = (status: number) => new ApiError(status, 'gateway', 'Gateway');
const noWait = () => Promise.resolve();

describe('withGatewayRetries', () => {
  it('tries a named call again after no answer, 502, 503 or 504 until it goes through', async () => {
    const { api, calls } = flaky([gateway(0), gateway(502), gateway(503)]);
    const retried = withGatewayRetries(api, ['save'], noWait);
    await expect(retried.save('x')).resolves.toBe('done');
    expect(calls).toEqual(['x', 'x', 'x', 'x']);
  });

  it('waits 1 s, 2 s, 4 s and gives up after three more tries with the last failure', async () => {
    const waits: number[] = [];
    const { api, calls } = flaky([gateway(504), gateway(504), gateway(504), gateway(502)]);
    const retried = withGatewayRetries(api, ['save'], async (ms) => {
      waits.push(ms);
    });
    await expect(retried.save('x')).rejects.toMatchObject({ statusCode: 502 });
    expect(calls).toHaveLength(4);
    expect(waits).toEqual([1000, 2000, 4000]);
  });

  it('never repeats an answer the call earned (409, 400, 500), nor a call not named', async () => {
    for (const status of [400, 409, 500]) {
      const { api, calls } = flaky([new ApiError(status, 'no', 'No')]);
      await expect(withGatewayRetries(api, ['save'], noWait).save('x')).rejects.toMatchObject({
        statusCode: status,
      });
      expect(calls).toHaveLength(1);
    }
    const { api } = flaky([]);
    const unnamed = jest.spyOn(api, 'other');
    await expect(withGatewayRetries(api, ['save'], noWait).other()).rejects.toMatchObject({
      statusCode: 502,
    });
    expect(unnamed).toHaveBeenCalledTimes(1);
  });
});
