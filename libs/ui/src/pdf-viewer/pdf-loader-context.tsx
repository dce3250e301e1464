import { createContext, useContext, type ReactNode } from 'react';
import { loadPdfWithPdfJs, type PdfLoader } from './pdf-document';

const PdfLoaderContext = createContext<PdfLoader>(loadPdfWithPdfJs);
PdfLoaderContext.displayName = 'PdfLoaderContext';

export interface PdfLoaderProviderProps {
  loader: PdfLoader;
  children?: ReactNode;
}

/** Opens every PDF below it with `loader` instead of PDF.js (tests pass a fake PDF). */
export function PdfLoaderProvider({ loader, children }: PdfLoaderProviderProps) {
  return <PdfLoaderContext.Provider value={loader}>{children}</PdfLoaderContext.Provider>;
}

/** The loader a viewer opens its PDF with: its own prop, else the provided one, else PDF.js. */
export function usePdfLoader(own?: PdfLoader): PdfLoader {
  const provided = useContext(PdfLoaderContext);
  return own ?? provided;
}

/** Whether PDF.js itself will open the PDF (so it is worth fetching early). */
export function usesPdfJs(loader: PdfLoader): boolean {
  return loader === loadPdfWithPdfJs;
}
