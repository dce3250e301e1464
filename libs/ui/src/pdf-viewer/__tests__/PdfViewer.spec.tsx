import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import type { PdfDocumentLike, PdfLoader, PdfPageLike } from '../pdf-document';
import { PdfViewer, type PdfViewerHandle } from '../PdfViewer';

/** A fake PDF of `pageCount` US-letter pages that records which pages were drawn. */
function fakePdf(pageCount: number) {
  const drawn: number[] = [];
  const pdf: PdfDocumentLike = {
    numPages: pageCount,
    getPage: (pageNumber) =>
      Promise.resolve<PdfPageLike>({
        getViewport: ({ scale }) => ({ width: 612 * scale, height: 792 * scale }),
        render: () => {
          drawn.push(pageNumber);
          return { promise: Promise.resolve(), cancel: () => undefined };
        },
      }),
    destroy: jest.fn(),
  };
  return { pdf, drawn };
}

beforeAll(() => {
  Element.prototype.scrollTo = function scrollTo(
    this: Element,
    options?: ScrollToOptions | number,
  ) {
    if (typeof options === 'object') this.scrollTop = options.top ?? this.scrollTop;
  } as Element['scrollTo'];
});

describe('PdfViewer', () => {
  it('shows loading, then the pages, drawing the first page without drawing them all', async () => {
    const { pdf, drawn } = fakePdf(40);
    let open!: (value: PdfDocumentLike) => void;
    const loadPdf: PdfLoader = () => new Promise((resolve) => (open = resolve));
    const onLoaded = jest.fn();
    render(<PdfViewer url="/doc.pdf" title="Agreement" loadPdf={loadPdf} onLoaded={onLoaded} />);
    expect(screen.getByText('Loading the document…')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Agreement' })).toHaveAttribute('aria-busy', 'true');

    act(() => open(pdf));
    expect(await screen.findByRole('img', { name: 'Page 1 of 40' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /^Page \d+ of 40$/ })).toHaveLength(40);
    await waitFor(() => expect(drawn).toContain(1));
    expect(onLoaded).toHaveBeenCalledWith(40);
    expect(drawn.length).toBeLessThan(40);
    expect(screen.getByText('Page 1 of 40')).toBeInTheDocument();
  });

  it('says the document could not be loaded and retries', async () => {
    const { pdf } = fakePdf(1);
    const loadPdf = jest
      .fn<Promise<PdfDocumentLike>, [string]>()
      .mockRejectedValueOnce(new Error('Unexpected server response (500)'))
      .mockResolvedValueOnce(pdf);
    const user = userEvent.setup();
    render(<PdfViewer url="/doc.pdf" title="Agreement" loadPdf={loadPdf} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The document could not be loaded');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('img', { name: 'Page 1 of 1' })).toBeInTheDocument();
    expect(loadPdf).toHaveBeenCalledTimes(2);
  });

  it('zooms with the buttons and the keyboard, and fits back to the width', async () => {
    const { pdf } = fakePdf(2);
    const user = userEvent.setup();
    render(<PdfViewer url="/doc.pdf" title="Agreement" loadPdf={() => Promise.resolve(pdf)} />);
    await screen.findByRole('img', { name: 'Page 1 of 2' });
    const zoom = screen.getByRole('status', { name: 'Zoom' });
    expect(zoom).toHaveTextContent('100%');
    expect(screen.getByRole('button', { name: 'Fit to width' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom).toHaveTextContent('125%');
    const page = screen.getByRole('img', { name: 'Page 1 of 2' });
    const widthAt125 = parseFloat(page.style.width);

    screen.getByRole('region', { name: 'Agreement' }).focus();
    await user.keyboard('+');
    expect(zoom).toHaveTextContent('156%');
    expect(parseFloat(page.style.width)).toBeGreaterThan(widthAt125);
    await user.keyboard('-');
    expect(zoom).toHaveTextContent('125%');
    await user.click(screen.getByRole('button', { name: 'Fit to width' }));
    expect(zoom).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: 'Zoom out' }));
    expect(zoom).toHaveTextContent('80%');
  });

  it('scrolls to a page and to a bookmark for the signing steps', async () => {
    const { pdf, drawn } = fakePdf(10);
    const viewer = createRef<PdfViewerHandle>();
    render(
      <PdfViewer
        ref={viewer}
        url="/doc.pdf"
        title="Agreement"
        loadPdf={() => Promise.resolve(pdf)}
      />,
    );
    await screen.findByRole('img', { name: 'Page 1 of 10' });
    const scroller = screen.getByRole('region', { name: 'Agreement' });
    const page8 = screen.getByRole('img', { name: 'Page 8 of 10' });
    const pageHeight = parseFloat(page8.style.height);

    act(() => viewer.current!.scrollToPage(8));
    expect(scroller.scrollTop).toBeCloseTo(7 * (pageHeight + 12), 0);
    await waitFor(() => expect(drawn).toContain(8));

    act(() => viewer.current!.scrollToBookmark({ page: 10, yRatio: 0.5 }));
    expect(scroller.scrollTop).toBeCloseTo(9 * (pageHeight + 12) + pageHeight / 2, 0);
  });
});
