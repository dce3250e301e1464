import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFRef,
  PDFStream,
  type PDFContext,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/**
 * Actions that run something rather than go somewhere: scripts, launching a program, importing
 * data, rich-media commands. Links (GoTo, URI) and form resets stay: they act only when clicked
 * and do nothing a reader does not show.
 */
const ACTIVE_ACTIONS = new Set(['JavaScript', 'Launch', 'ImportData', 'RichMediaExecute']);

const name = (value: string) => PDFName.of(value);

interface Removal {
  documentScripts: number;
  openAction?: string;
  scriptActions: number;
  launchActions: number;
  eventActions: number;
  embeddedFiles: number;
  xfa: boolean;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What was removed, in words for the person who uploaded the file. */
function describe(removal: Removal): string[] {
  const words: string[] = [];
  if (removal.documentScripts > 0) {
    words.push(`Document JavaScript (${plural(removal.documentScripts, 'script')})`);
  }
  if (removal.openAction) words.push(`Open action (${removal.openAction})`);
  if (removal.scriptActions > 0) {
    words.push(`JavaScript on fields, links or pages (${plural(removal.scriptActions, 'action')})`);
  }
  if (removal.launchActions > 0) {
    words.push(`Launch actions that start programs (${removal.launchActions})`);
  }
  if (removal.eventActions > 0) {
    words.push(
      `Actions run on opening, closing or typing (${plural(removal.eventActions, 'trigger set')})`,
    );
  }
  if (removal.embeddedFiles > 0) {
    words.push(`Embedded files (${plural(removal.embeddedFiles, 'file')})`);
  }
  if (removal.xfa) words.push('XFA form (the PDF form fields are kept)');
  return words;
}

function dictOf(object: PDFObject | undefined): PDFDict | undefined {
  if (object instanceof PDFDict) return object;
  if (object instanceof PDFStream) return object.dict;
  return undefined;
}

function actionType(context: PDFContext, object: PDFObject | undefined): string | undefined {
  const dict = dictOf(object instanceof PDFRef ? context.lookup(object) : object);
  if (!dict) return undefined;
  if (dict.has(name('JS'))) return 'JavaScript';
  const type = dict.get(name('S'));
  return type instanceof PDFName ? type.decodeText() : undefined;
}

function isActive(context: PDFContext, object: PDFObject | undefined): boolean {
  const type = actionType(context, object);
  return type !== undefined && ACTIVE_ACTIONS.has(type);
}

/** The objects of a name tree (its nodes and their values), and how many entries it has. */
function nameTreeObjects(context: PDFContext, root: PDFObject | undefined, refs: Set<PDFRef>) {
  let entries = 0;
  const visit = (object: PDFObject | undefined, depth: number) => {
    if (object instanceof PDFRef) {
      if (refs.has(object)) return;
      refs.add(object);
    }
    const node = dictOf(object instanceof PDFRef ? context.lookup(object) : object);
    if (!node || depth > 32) return;
    const leaves = node.lookup(name('Names'));
    if (leaves instanceof PDFArray) {
      for (let i = 1; i < leaves.size(); i += 2) {
        entries += 1;
        const value = leaves.get(i);
        if (value instanceof PDFRef) refs.add(value);
      }
    }
    const kids = node.lookup(name('Kids'));
    if (kids instanceof PDFArray) kids.asArray().forEach((kid) => visit(kid, depth + 1));
  };
  visit(root, 0);
  return entries;
}

/** Takes the document-level entries: Names' JavaScript and EmbeddedFiles trees, OpenAction, XFA. */
function removeCatalogEntries(document: PDFDocument, removal: Removal, doomed: Set<PDFRef>) {
  const { catalog, context } = document;
  const names = catalog.lookupMaybe(name('Names'), PDFDict);
  if (names?.has(name('JavaScript'))) {
    removal.documentScripts = nameTreeObjects(context, names.get(name('JavaScript')), doomed);
    names.delete(name('JavaScript'));
  }
  if (names?.has(name('EmbeddedFiles'))) {
    nameTreeObjects(context, names.get(name('EmbeddedFiles')), doomed);
    names.delete(name('EmbeddedFiles'));
  }
  const openAction = catalog.get(name('OpenAction'));
  if (isActive(context, openAction)) {
    const type = actionType(context, openAction);
    removal.openAction = type === 'JavaScript' ? 'JavaScript' : `${type} action`;
    catalog.delete(name('OpenAction'));
  }
  const form = catalog.lookupMaybe(name('AcroForm'), PDFDict);
  const xfa = form?.get(name('XFA'));
  if (form && xfa) {
    removal.xfa = true;
    if (xfa instanceof PDFRef) doomed.add(xfa);
    const parts = form.lookup(name('XFA'));
    if (parts instanceof PDFArray) {
      parts.asArray().forEach((part) => part instanceof PDFRef && doomed.add(part));
    }
    form.delete(name('XFA'));
    catalog.delete(name('NeedsRendering'));
  }
}

/** Strips one dictionary (and the direct ones inside it) of triggers, active actions and file payloads. */
function cleanDict(
  context: PDFContext,
  dict: PDFDict,
  removal: Removal,
  doomed: Set<PDFRef>,
  depth: number,
): void {
  if (depth > 64) return;
  if (dict.has(name('AA'))) {
    removal.eventActions += 1;
    dict.delete(name('AA'));
  }
  for (const key of ['A', 'Next', 'OpenAction']) {
    const value = dict.get(name(key));
    if (!isActive(context, value)) continue;
    if (actionType(context, value) === 'JavaScript') removal.scriptActions += 1;
    else removal.launchActions += 1;
    dict.delete(name(key));
  }
  // A file specification keeps its name (a link may show it) but loses the file it carries.
  const files = dict.lookup(name('EF'));
  if (files instanceof PDFDict) {
    removal.embeddedFiles += 1;
    for (const [, file] of files.entries()) if (file instanceof PDFRef) doomed.add(file);
  }
  dict.delete(name('EF'));
  dict.delete(name('RF'));
  for (const [, value] of dict.entries()) cleanDirect(context, value, removal, doomed, depth + 1);
}

function cleanDirect(
  context: PDFContext,
  value: PDFObject,
  removal: Removal,
  doomed: Set<PDFRef>,
  depth: number,
) {
  if (value instanceof PDFDict) cleanDict(context, value, removal, doomed, depth);
  else if (value instanceof PDFArray) {
    value.asArray().forEach((item) => cleanDirect(context, item, removal, doomed, depth + 1));
  }
}

/**
 * Removes what a reader could run or unpack from the PDF, before anyone else opens it:
 * document JavaScript, an open action that runs something, additional actions (the AA
 * triggers of the document, pages, fields and annotations), JavaScript and launch actions on
 * links and fields, every embedded file (nobody signing sees them, and the sealed copy must
 * not carry what the signers never saw), and the XFA form (its AcroForm twin is kept). The
 * objects themselves are deleted, not only unlinked: pdf-lib writes every object it holds.
 * Returns what was removed, in words; [] when the file had none of it.
 */
export function removeActiveContent(document: PDFDocument): string[] {
  const { context } = document;
  const removal: Removal = {
    documentScripts: 0,
    scriptActions: 0,
    launchActions: 0,
    eventActions: 0,
    embeddedFiles: 0,
    xfa: false,
  };
  const doomed = new Set<PDFRef>();
  removeCatalogEntries(document, removal, doomed);

  const objects = context.enumerateIndirectObjects();
  // First unlink (and count) while every action can still be looked up, then delete.
  for (const [, object] of objects) {
    const dict = dictOf(object);
    if (dict && !isActive(context, object)) cleanDict(context, dict, removal, doomed, 0);
  }
  for (const [ref, object] of objects) {
    const dict = dictOf(object);
    if (!dict) continue;
    if (dict.get(name('Type')) === name('EmbeddedFile')) context.delete(ref);
    else if (isActive(context, object)) {
      // An action object, reachable or not, with the script stream it may point to.
      const script = dict.get(name('JS'));
      if (script instanceof PDFRef) context.delete(script);
      context.delete(ref);
    }
  }
  // Last, so the walk above still counted the embedded files of the trees' file specifications.
  for (const ref of doomed) context.delete(ref);
  return describe(removal);
}
