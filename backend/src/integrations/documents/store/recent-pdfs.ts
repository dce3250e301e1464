import type { RenderedPdf } from '../document-content';

/** The most recently used PDFs up to a total size, least recently used dropped first. */
export class RecentPdfs {
  private readonly entries = new Map<string, RenderedPdf>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): RenderedPdf | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: RenderedPdf): void {
    if (entry.pdf.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.pdf.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.pdf.length;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.pdf.length;
  }
}
