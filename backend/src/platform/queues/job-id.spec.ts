import { jobIdFor } from './job-id';

describe('jobIdFor', () => {
  it('is stable for the same name and keys', () => {
    expect(jobIdFor('render-contract', 'c1', 3)).toBe('render-contract.c1.3');
    expect(jobIdFor('render-contract', 'c1', 3)).toBe(jobIdFor('render-contract', 'c1', 3));
  });

  it('never contains the ":" BullMQ refuses, nor is a bare integer', () => {
    const id = jobIdFor('send-reminder', 'urn:contract:42');
    expect(id).not.toContain(':');
    expect(Number.isInteger(Number(id))).toBe(false);
  });

  it('needs a key', () => {
    expect(() => jobIdFor('anything')).toThrow();
  });
});
