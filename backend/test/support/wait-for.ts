/**
 * Polls `probe` until it returns a value accepted by `until`, or fails after `timeoutMs`: 30 s by
 * default, half a test's time, since a worker's job waits behind the other suites on a loaded CI
 * machine (it returns as soon as the condition holds).
 */
export async function waitFor<T>(
  probe: () => Promise<T>,
  until: (value: T) => boolean,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!until(last)) {
    if (Date.now() > deadline) {
      throw new Error(
        `Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    last = await probe();
  }
  return last;
}
