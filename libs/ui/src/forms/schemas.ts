import { staffEmailFromUserName } from '@prosign/domain';
import { z } from 'zod';

/**
 * A staff address as people type it (spec 1 §2.3, §5): the user name, or a
 * full address in the company domain. Parsed by the domain's rule into the
 * full lower-case address; its message when the rule refuses.
 */
export function staffEmailSchema(domain: string) {
  return z.string().transform((typed, ctx) => {
    const result = staffEmailFromUserName(typed, domain);
    if (result.ok) return result.email;
    ctx.addIssue({ code: 'custom', message: result.message, input: typed });
    return z.NEVER;
  });
}
