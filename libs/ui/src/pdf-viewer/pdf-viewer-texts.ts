/** The viewer's words (kept apart so the lazily loaded viewer is not needed to read them). */
export const PDF_VIEWER_TEXTS = {
  loadError: 'The document could not be loaded',
  loadErrorHint: 'Check your connection and try again.',
  loading: 'Loading the document…',
  retry: 'Retry',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  fit: 'Fit to width',
  openPdf: 'Open the PDF',
} as const;
