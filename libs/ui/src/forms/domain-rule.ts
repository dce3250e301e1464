import type { z } from 'zod';

/** A rule of `@prosign/domain`: what is wrong with a value, or null/undefined when nothing is. */
export type DomainRule<V> = (value: V) => string | null | undefined;

/**
 * A zod refinement that calls a domain rule instead of restating it:
 * `z.string().superRefine(domainRule((v) => serviceTextProblem('serviceName', v)))`.
 * The rule's message becomes the field's error.
 */
export function domainRule<V>(rule: DomainRule<V>): (value: V, ctx: z.RefinementCtx<V>) => void {
  return (value, ctx) => {
    const problem = rule(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  };
}
