// The document builder's tests: a letter page laid out where dnd-kit can find it (jsdom lays
// nothing out), a window of a chosen width, and the draft routes answered from memory.
import {
  recipientsOfFields,
  type DocumentDraft,
  type DocumentDraftSave,
  type Field,
} from '@prosign/domain';
import { PdfLoaderProvider } from '@prosign/ui';
import { fakePdfLoader } from '@prosign/ui/testing';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DocumentBuilderPage } from '../documents/DocumentBuilderPage';
import type { PdfUploader, UploadedPdf } from '../documents/upload/upload-pdf';
import { fakeApi, type Handler } from './fake-api';

const LETTER = { width: 612, height: 792, rotation: 0 as const };
export const DRAFT_ID = 'draft-1';
export const DRAFT_PATH = `/api/documents/drafts/${DRAFT_ID}`;

export function uploaded(fields: Field[] = [], overrides: Partial<UploadedPdf> = {}): UploadedPdf {
  return {
    uploadId: 'upload-1',
    sha256: 'ab'.repeat(32),
    fileName: 'lease.pdf',
    pageCount: 1,
    pages: [LETTER],
    fields,
    report: `${fields.length} fields found: ${fields.length} from the form, 0 from tags`,
    removed: [],
    warnings: [],
    ...overrides,
  };
}

/** A draft of `upload` as the server makes one. */
export function draftOf(
  upload: UploadedPdf,
  overrides: Partial<DocumentDraft> = {},
): DocumentDraft {
  return {
    id: DRAFT_ID,
    uploadId: upload.uploadId,
    fileName: upload.fileName,
    placement: { pages: upload.pages, fields: upload.fields },
    signers: recipientsOfFields(upload.fields),
    createdBy: 'casey@prosign.example',
    updatedAt: '2026-12-07T09:00:00.000Z',
    revision: 1,
    template: null,
    ...overrides,
  };
}

/**
 * The draft routes over one stored draft (none until created): a save over another revision
 * is refused with 409, as the server does.
 */
export function draftRoutes(stored: DocumentDraft | null, upload?: UploadedPdf) {
  /**
   * `failures`: how many saves fail next (503), as an unreachable server's do; `refusal`: the
   * reason the next saves are refused with (400) while it is set.
   */
  const state = { draft: stored, failures: 0, refusal: null as string | null };
  const routes: Record<string, Handler> = {
    'POST /api/documents/drafts': () => {
      state.draft = draftOf(upload ?? uploaded());
      return state.draft;
    },
    [`GET ${DRAFT_PATH}`]: () => {
      if (!state.draft) throw { statusCode: 404, message: 'No such draft.' };
      return state.draft;
    },
    [`PUT ${DRAFT_PATH}`]: (body) => {
      const save = body as DocumentDraftSave;
      if (!state.draft) throw { statusCode: 404, message: 'No such draft.' };
      if (state.failures-- > 0) throw { statusCode: 503, message: 'Service Unavailable' };
      if (state.refusal) throw { statusCode: 400, message: state.refusal };
      if (save.revision !== state.draft.revision)
        throw { statusCode: 409, message: 'Changed elsewhere.' };
      state.draft = {
        ...state.draft,
        placement: { ...state.draft.placement, fields: save.placement.fields },
        signers: save.signers,
        revision: state.draft.revision + 1,
      };
      return { revision: state.draft.revision, updatedAt: state.draft.updatedAt };
    },
  };
  return { routes, state };
}

export function setScreenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  }) as unknown as typeof window.matchMedia;
}

// Each page layer is a letter page at 300,0 (one pixel a point; page n 800 pixels below page
// n - 1), each palette field a 100 × 30 button at 0,100, so dnd-kit's keyboard sensor can
// carry one onto it.
function rectFor(element: Element) {
  const page = element.closest<HTMLElement>('[data-page-layer]');
  const pageTop = page ? (Number(page.dataset.pageLayer) - 1) * 800 : 0;
  const [left, top, width, height] = page
    ? [300, pageTop, 612, 792]
    : element.closest('[data-palette-kind]')
      ? [0, 100, 100, 30]
      : [0, 0, 1200, 800];
  return {
    x: left,
    y: top,
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    toJSON: () => ({}),
  };
}

/** The jsdom stand-ins the builder needs, for the whole suite; a desktop window before each test. */
export function installBuilderDom() {
  beforeAll(() => {
    // jsdom has no pointer events: a mouse event with its pointer's id stands in.
    class TestPointerEvent extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    window.PointerEvent ??= TestPointerEvent as unknown as typeof PointerEvent;
    // jsdom does not scroll; the viewer scrolls to a field's page.
    Element.prototype.scrollTo = () => undefined;
    jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return rectFor(this) as DOMRect;
    });
  });
  afterAll(() => jest.restoreAllMocks());
  beforeEach(() => setScreenWidth(1280));
}

/** The page at `/documents/new` (or `path`), the upload answered by `upload`, drafts by `routes`. */
export function renderBuilderPage(
  upload: PdfUploader,
  routes: Record<string, Handler> = draftRoutes(null).routes,
  path = '/documents/new',
  pageCount = 1,
) {
  const api = fakeApi(routes, (children) => (
    <MemoryRouter initialEntries={[path]}>
      <PdfLoaderProvider loader={fakePdfLoader(pageCount)}>{children}</PdfLoaderProvider>
    </MemoryRouter>
  ));
  render(<DocumentBuilderPage upload={upload} />, { wrapper: api.wrapper });
  return api;
}
