/**
 * A deterministic job id from the job name and the business keys that make it
 * unique (`jobIdFor('render-contract', contractId, revision)`). Adding the same
 * job twice then yields one job, so retries of a request or a schedule firing
 * on two workers cannot duplicate side effects. BullMQ refuses ':' and
 * integer-only ids, hence the separator and the name first.
 */
export function jobIdFor(jobName: string, ...keys: Array<string | number>): string {
  if (keys.length === 0) throw new Error('jobIdFor needs at least one key');
  return [jobName, ...keys].map((part) => String(part).replaceAll(':', '_')).join('.');
}
