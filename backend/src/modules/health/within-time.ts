/** What a probe rejects with when its check gave no answer in time (not an error of its own). */
export class NoAnswerInTime extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'NoAnswerInTime';
  }
}

/** `promise`, or a `NoAnswerInTime` rejection after `ms`; the timer never outlives the race. */
export async function withinTime<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new NoAnswerInTime(ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
