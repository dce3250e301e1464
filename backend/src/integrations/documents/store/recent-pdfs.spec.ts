import { RecentPdfs } from './recent-pdfs';

const pdfOf = (bytes: number) => ({ pdf: Buffer.alloc(bytes), pageCount: 1, slots: [] });

describe('RecentPdfs', () => {
  it('keeps PDFs up to its size and drops the least recently used first', () => {
    const recent = new RecentPdfs(100);
    recent.set('a', pdfOf(40));
    recent.set('b', pdfOf(40));
    expect(recent.get('a')).toBeDefined(); // a is now the most recently used
    recent.set('c', pdfOf(40)); // 120 bytes: b goes
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')?.pdf.length).toBe(40);
    expect(recent.get('c')?.pdf.length).toBe(40);
  });

  it('never keeps a PDF larger than its whole size, and forgets a deleted one', () => {
    const recent = new RecentPdfs(100);
    recent.set('big', pdfOf(101));
    expect(recent.get('big')).toBeUndefined();
    recent.set('a', pdfOf(60));
    recent.delete('a');
    recent.set('b', pdfOf(60));
    recent.set('b', pdfOf(60)); // the same key again counts once
    recent.set('c', pdfOf(40));
    expect(recent.get('b')).toBeDefined();
    expect(recent.get('c')).toBeDefined();
  });
});
