import {
  copiedServiceName,
  moveItem,
  servicesInOrder,
  placeholderViolationMessage,
  placeholderViolations,
  serviceEditViolations,
  serviceTextProblem,
  SERVICE_MESSAGES,
  sortServicesByPosition,
  TERMS_MESSAGES,
  TERMS_TOO_LONG_MESSAGE,
  termsContentProblem,
  truncateServiceName,
} from '../service-rules';
import { CLAUSE_TEXT_MAX_LENGTH, TERMS_TEXT_MAX_LENGTH } from '../../constants/limits';
import { droppedPlaceholders } from '../../documents/placeholders';

describe('placeholder rule over a service', () => {
  it('names the placeholders an edit dropped, per field', () => {
    const previous = {
      engineerFee: '$payment_clause due to $client_name',
      start: 'Dated $agreement_date',
      serviceName: 'MEP',
    };
    const next = {
      engineerFee: 'Pay $client_name now',
      start: 'Dated $agreement_date, again',
      serviceName: 'MEP Design',
    };
    const violations = placeholderViolations(previous, next);
    expect(violations).toEqual([{ field: 'engineerFee', missing: ['payment_clause'] }]);
    expect(placeholderViolationMessage(violations)).toBe(
      'Placeholders cannot be removed: Engineer Fee is missing $payment_clause.',
    );
  });

  it('ignores fields that are not being changed and placeholders that were added or moved', () => {
    expect(placeholderViolations({ engineerFee: '$a $b' }, { start: 'nothing' })).toEqual([]);
    expect(placeholderViolations({ start: '$a then $b' }, { start: '$b, $a and $c' })).toEqual([]);
  });

  it('treats money ($1,000) as text, not a placeholder', () => {
    expect(droppedPlaceholders('insured for $1,000,000', 'insured')).toEqual([]);
    expect(droppedPlaceholders('$full_name and $email', '$email')).toEqual(['full_name']);
  });

  it('lists every field that failed in one message', () => {
    const message = placeholderViolationMessage([
      { field: 'start', missing: ['a', 'b'] },
      { field: 'termsAndConditions', missing: ['c'] },
    ]);
    expect(message).toBe(
      'Placeholders cannot be removed: Overview is missing $a, $b; Terms and Conditions is missing $c.',
    );
  });
});

describe('service list helpers', () => {
  it('truncates names over 15 characters with an ellipsis', () => {
    expect(truncateServiceName('Title 24 Energy Compliance')).toBe('Title 24 Energy…');
    expect(truncateServiceName('Exactly15 chars')).toBe('Exactly15 chars');
  });

  it('copies with a _copy suffix', () => {
    expect(copiedServiceName('MEP Design')).toBe('MEP Design_copy');
  });

  it('sorts by numeric position, not as text', () => {
    const sorted = sortServicesByPosition([
      { serviceName: 'c', position: '10' },
      { serviceName: 'a', position: '2' },
      { serviceName: 'b', position: '1' },
    ]);
    expect(sorted.map((s) => s.serviceName)).toEqual(['b', 'a', 'c']);
  });

  it('moves an item up and down, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
  });

  it('puts services in the order of the ids with positions renumbered from 1, as the server stores them', () => {
    const services = [
      { _id: 'a', position: '1' },
      { _id: 'b', position: '2' },
      { _id: 'c', position: '7' },
    ];
    expect(servicesInOrder(services, ['c', 'a', 'b'])).toEqual([
      { _id: 'c', position: '1' },
      { _id: 'a', position: '2' },
      { _id: 'b', position: '3' },
    ]);
    // A service the order does not name (created meanwhile) stays, after the named ones.
    expect(servicesInOrder(services, ['b', 'a']).map((s) => s._id)).toEqual(['b', 'a', 'c']);
  });
});

describe('service form rules (the form and the server decide with these)', () => {
  it('requires a service name and an agreement title, blank counting as empty', () => {
    expect(serviceTextProblem('serviceName', '   ')).toBe(SERVICE_MESSAGES.nameRequired);
    expect(serviceTextProblem('agreementTitle', '')).toBe(SERVICE_MESSAGES.agreementTitleRequired);
    expect(serviceTextProblem('serviceName', 'MEP')).toBeNull();
    expect(serviceTextProblem('engineerFee', '')).toBeNull();
  });

  it('refuses a text over its length, naming the field', () => {
    expect(serviceTextProblem('serviceName', 'x'.repeat(101))).toBe(
      'Service Name must be text of at most 100 characters.',
    );
    expect(serviceTextProblem('engineerFee', 'x'.repeat(CLAUSE_TEXT_MAX_LENGTH))).toBeNull();
    expect(serviceTextProblem('engineerFee', 'x'.repeat(CLAUSE_TEXT_MAX_LENGTH + 1))).toBe(
      `Engineer Fee must be text of at most ${CLAUSE_TEXT_MAX_LENGTH} characters.`,
    );
  });

  it('leaves the terms out of the placeholder rule when they follow the default terms', () => {
    const previous = { termsAndConditions: 'Governed by $state law', engineerFee: '$fee' };
    const next = { termsAndConditions: 'New default terms', engineerFee: '$fee' };
    expect(serviceEditViolations(previous, next, true)).toEqual([]);
    expect(serviceEditViolations(previous, next, false)).toEqual([
      { field: 'termsAndConditions', missing: ['state'] },
    ]);
  });

  it('refuses blank or too long default terms', () => {
    expect(termsContentProblem(' \n ')).toBe(TERMS_MESSAGES.empty);
    expect(termsContentProblem('1. Terms')).toBeNull();
    expect(termsContentProblem('x'.repeat(TERMS_TEXT_MAX_LENGTH + 1))).toBe(TERMS_TOO_LONG_MESSAGE);
  });
});
