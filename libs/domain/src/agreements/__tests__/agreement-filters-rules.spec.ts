import {
  agreementListQuery,
  matchesAgreementFilters,
  parseAgreementFilters,
  toggleAgreementFilter,
} from '../agreement-filters';
import { agreementTitle, balanceOf, pageCount, pageWindow } from '../agreement-rules';

describe('filters per family', () => {
  it('offers the SOW signature filters only to SOW lists', () => {
    expect(parseAgreementFilters('sow', 'signatureSaved,viewed')).toEqual([
      'viewed',
      'signatureSaved',
    ]);
    expect(parseAgreementFilters('standard', 'signatureSaved')).toEqual(['all']);
    expect(parseAgreementFilters('co', 'cancelled')).toEqual(['cancelled']);
  });

  it('lists declined agreements under their own filter on every dashboard', () => {
    const declined = { status: 'declined', viewedTimes: 1, signatureSavedAt: null };
    for (const family of ['standard', 'sow', 'co'] as const) {
      expect(parseAgreementFilters(family, 'declined')).toEqual(['declined']);
      expect(matchesAgreementFilters(family, ['declined'], declined)).toBe(true);
      expect(matchesAgreementFilters(family, ['all'], declined)).toBe(true);
      expect(matchesAgreementFilters(family, ['notSigned'], declined)).toBe(false);
      expect(matchesAgreementFilters(family, ['cancelled'], declined)).toBe(false);
      expect(agreementListQuery(family, ['declined'], '')).toMatchObject({
        status: { $in: ['declined'] },
      });
    }
  });

  it('all clears the others, and none brings all back', () => {
    expect(toggleAgreementFilter('sow', ['viewed'], 'all')).toEqual(['all']);
    expect(toggleAgreementFilter('sow', ['all'], 'notSignatureSaved')).toEqual([
      'notSignatureSaved',
    ]);
    expect(toggleAgreementFilter('sow', ['signed'], 'signed')).toEqual(['all']);
  });

  it('matches a saved-then-signed SOW under signatureSaved, and a never-saved one under notSignatureSaved', () => {
    const savedThenSigned = {
      status: 'signed',
      viewedTimes: 2,
      signatureSavedAt: '2026-01-01T00:00:00Z',
    };
    const neverSaved = { status: 'viewed', viewedTimes: 1, signatureSavedAt: null };
    expect(matchesAgreementFilters('sow', ['signatureSaved'], savedThenSigned)).toBe(true);
    expect(matchesAgreementFilters('sow', ['notSignatureSaved'], savedThenSigned)).toBe(false);
    expect(matchesAgreementFilters('sow', ['notSignatureSaved'], neverSaved)).toBe(true);
    // A status of another family's spelling is not listed.
    expect(matchesAgreementFilters('sow', ['all'], { ...neverSaved, status: 'not signed' })).toBe(
      false,
    );
  });

  it('turns filters and the search into one database query of the family', () => {
    expect(agreementListQuery('sow', ['notViewed', 'signatureSaved'], '  A.B  ')).toEqual({
      family: 'sow',
      deletedAt: null,
      $or: [
        {
          status: { $in: expect.arrayContaining(['not-signed', 'void']) },
          viewedTimes: { $lte: 0 },
        },
        {
          status: { $in: expect.arrayContaining(['not-signed', 'void']) },
          signatureSavedAt: { $ne: null },
        },
      ],
      searchText: { $regex: 'a\\.b' },
    });
    expect(agreementListQuery('standard', ['signed'], '')).toEqual({
      family: 'standard',
      deletedAt: null,
      status: { $in: ['signed', 'signed_manually'] },
    });
  });
});

describe('balance', () => {
  it('is cost minus deposit minus progress, to the cent', () => {
    expect(balanceOf({ cost: 1000.3, deposit: 500.1, progress: 100.1 })).toBe(400.1);
  });

  it('never goes below 0 (deposit and progress above the cost)', () => {
    expect(balanceOf({ cost: 100, deposit: 80, progress: 40 })).toBe(0);
  });

  it('treats missing amounts as 0', () => {
    expect(balanceOf({ cost: 250, deposit: NaN, progress: 0 })).toBe(250);
  });
});

describe('agreement title', () => {
  it('takes the first non-blank title, else the default', () => {
    expect(agreementTitle('  ', 'Inspection')).toBe('Inspection');
    expect(agreementTitle(null, undefined, '')).toBe('Professional Services Agreement');
  });
});

describe('paging', () => {
  it('checks page and size and computes the window', () => {
    expect(pageWindow(3, 25)).toEqual({ page: 3, limit: 25, skip: 50 });
    expect(pageWindow(undefined, undefined)).toEqual({ page: 1, limit: 25, skip: 0 });
    expect(pageWindow(1, 7)).toEqual({ error: 'limit must be one of 10, 25, 50, 100' });
    expect(pageWindow(0, 10)).toEqual({ error: 'page must be a whole number from 1' });
    expect(pageWindow(2, 10, [10], 10)).toEqual({ page: 2, limit: 10, skip: 10 });
  });

  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(0);
    expect(pageCount(26, 25)).toBe(2);
  });
});
