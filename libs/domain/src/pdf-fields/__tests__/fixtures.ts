// Shared builders for the pdf-fields tests.
import type { PlacementRecipient } from '../field-rules';
import { newField, type Field, type NewFieldInput, type PlacementPage } from '../field-model';

export const LETTER: PlacementPage = { width: 612, height: 792, rotation: 0 };
export const A4: PlacementPage = { width: 595, height: 842, rotation: 0 };

export const JANE: PlacementRecipient = {
  id: 'jane',
  role: 'signer',
  name: 'Jane Doe',
  email: 'jane@example.com',
};
export const JOHN: PlacementRecipient = {
  id: 'john',
  role: 'signer',
  name: '',
  email: 'john@example.com',
};
export const FIRM: PlacementRecipient = {
  id: 'firm',
  role: 'countersigner',
  name: 'Fran Firm',
  email: 'fran@firm.example',
};
export const COPY: PlacementRecipient = {
  id: 'copy',
  role: 'cc',
  name: 'Carl Copy',
  email: 'carl@example.com',
};

/** A field at (72, 72) on page 1 for Jane unless told otherwise. */
export function field(input: Partial<NewFieldInput> & Pick<NewFieldInput, 'id' | 'kind'>): Field {
  return newField({ page: 1, x: 72, y: 72, recipientId: 'jane', ...input });
}
