import { formatUsd, paymentClauseText, title24ClauseText } from '../contract-clauses';

describe('paymentClauseText (spec 2 §5)', () => {
  it('only a cost: full payment due on signing', () => {
    expect(paymentClauseText({ cost: 4800, deposit: 0, progress: 0 })).toBe(
      'The total fee for the services described in this Agreement is $4,800.00. ' +
        'Full payment of $4,800.00 is due upon signing of this Agreement.',
    );
  });

  it('a deposit of the whole cost (Inspection) is full payment on signing', () => {
    expect(paymentClauseText({ cost: 950, deposit: 950, progress: 0, balance: 0 })).toBe(
      'The total fee for the services described in this Agreement is $950.00. ' +
        'Full payment of $950.00 is due upon signing of this Agreement.',
    );
  });

  it('no progress payment: deposit on signing, balance within seven days after the final unstamped documents', () => {
    expect(paymentClauseText({ cost: 12500, deposit: 6250, progress: 0 })).toBe(
      'The total fee for the services described in this Agreement is $12,500.00. ' +
        'A deposit of $6,250.00 is due upon signing of this Agreement. ' +
        'The final balance of $6,250.00 is due within 7 days after delivery of the final unstamped documents.',
    );
  });

  it('deposit, progress and balance: each due within seven days of its delivery', () => {
    const text = paymentClauseText({ cost: 20000, deposit: 5000, progress: 7500, balance: 7500 });
    expect(text).toContain('A deposit of $5,000.00 is due within 7 days of signing');
    expect(text).toContain(
      'A progress payment of $7,500.00 is due within 7 days of delivery of the progress set',
    );
    expect(text).toContain('The final balance of $7,500.00 is due within 7 days of delivery');
  });

  it('derives the balance when it is not given', () => {
    expect(paymentClauseText({ cost: 1000, deposit: 300, progress: 200 })).toContain(
      'final balance of $500.00',
    );
  });

  it('formats cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });
});

describe('title24ClauseText (spec 2 §5)', () => {
  it('names the number of reports', () => {
    expect(title24ClauseText(3)).toBe('The Engineer shall also provide 3 Title 24 report(s).');
    expect(title24ClauseText(1)).toBe('The Engineer shall also provide 1 Title 24 report(s).');
  });

  it('is empty without reports and refuses a negative or fractional count', () => {
    expect(title24ClauseText(0)).toBe('');
    expect(() => title24ClauseText(-1)).toThrow(RangeError);
    expect(() => title24ClauseText(1.5)).toThrow(RangeError);
  });
});
