import type { DocumentSigningView, Field } from '@prosign/domain';
import { useMemo } from 'react';
import { fillableFieldsOf } from './signing-fields';

/** The signing date as it will be drawn: today, in the agreement's time zone. */
function signingDateIn(timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
  }
}

/**
 * What the page reads of the document's fields and recipients: each field by id and by page,
 * the recipient's own fields, their name, the others by id, and the date they sign on.
 */
export function useDocumentLayout(documentView: DocumentSigningView, fallbackName: string) {
  const { fields, recipientId, recipients, timeZone } = documentView;
  return useMemo(() => {
    const fieldsByPage = new Map<number, Field[]>();
    for (const field of fields)
      fieldsByPage.set(field.page, [...(fieldsByPage.get(field.page) ?? []), field]);
    const me = recipients.find((recipient) => recipient.id === recipientId);
    return {
      byId: new Map(fields.map((field) => [field.id, field])),
      fieldsByPage,
      own: fillableFieldsOf(fields, recipientId),
      recipientName: me?.name || fallbackName,
      others: new Map(
        recipients.map((recipient) => [
          recipient.id,
          { name: recipient.name, signed: recipient.signed },
        ]),
      ),
      signingDate: signingDateIn(timeZone),
    };
  }, [fields, recipientId, recipients, timeZone, fallbackName]);
}
