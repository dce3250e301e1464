/**
 * Stands in a stored delivery for the one-time secret its mail carried (the e-mail code):
 * the record keeps the mail as sent, with this where the secret was.
 */
export const MAIL_SECRET_PLACEHOLDER = '[one-time code]';

/** A secret a mail carries and when it stops working (the code's expiry). */
export interface MailSecret {
  value: string;
  expiresAt: Date;
}

/** The rendered mail with every occurrence of the secret replaced by the placeholder. */
export function withoutSecret<T extends { subject: string; html: string; text: string }>(
  rendered: T,
  secret: string,
): T {
  const hide = (value: string) => value.split(secret).join(MAIL_SECRET_PLACEHOLDER);
  return {
    ...rendered,
    subject: hide(rendered.subject),
    html: hide(rendered.html),
    text: hide(rendered.text),
  };
}
