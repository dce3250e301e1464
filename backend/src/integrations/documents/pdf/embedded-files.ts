import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFObjectCopier,
  PDFString,
  type PDFDocument,
  type PDFObject,
} from 'pdf-lib';

/** The leaves of a name tree (`/Names` pairs, through `/Kids`), in order. */
function nameTreeLeaves(node: PDFDict, depth = 0): [PDFObject, PDFObject][] {
  if (depth > 32) return [];
  const leaves: [PDFObject, PDFObject][] = [];
  const names = node.lookup(PDFName.of('Names'));
  if (names instanceof PDFArray) {
    for (let i = 0; i + 1 < names.size(); i += 2) leaves.push([names.get(i), names.get(i + 1)]);
  }
  const kids = node.lookup(PDFName.of('Kids'));
  if (kids instanceof PDFArray) {
    for (let i = 0; i < kids.size(); i += 1) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) leaves.push(...nameTreeLeaves(kid, depth + 1));
    }
  }
  return leaves;
}

function nameText(name: PDFObject): string {
  return name instanceof PDFString || name instanceof PDFHexString ? name.decodeText() : '';
}

/**
 * Copies the attached files of `source` (its catalog's EmbeddedFiles name tree, and its /AF
 * associated files) into `target`, whose pages were copied from it: copying pages leaves the
 * document-level parts behind. A name `target` has already gets " (2)" so none is lost.
 */
export function copyEmbeddedFiles(source: PDFDocument, target: PDFDocument): void {
  const names = source.catalog.lookup(PDFName.of('Names'));
  const tree = names instanceof PDFDict ? names.lookup(PDFName.of('EmbeddedFiles')) : undefined;
  if (!(tree instanceof PDFDict)) return;
  const leaves = nameTreeLeaves(tree);
  if (leaves.length === 0) return;
  const copier = PDFObjectCopier.for(source.context, target.context);
  const { context, catalog } = target;
  let targetNames = catalog.lookup(PDFName.of('Names'));
  if (!(targetNames instanceof PDFDict)) {
    targetNames = context.obj({});
    catalog.set(PDFName.of('Names'), targetNames);
  }
  const namesDict = targetNames as PDFDict;
  let targetTree = namesDict.lookup(PDFName.of('EmbeddedFiles'));
  if (!(targetTree instanceof PDFDict)) {
    targetTree = context.obj({ Names: [] });
    namesDict.set(PDFName.of('EmbeddedFiles'), targetTree);
  }
  const existing = nameTreeLeaves(targetTree as PDFDict);
  const taken = new Set(existing.map(([name]) => nameText(name)));
  let associated = catalog.lookup(PDFName.of('AF'));
  if (!(associated instanceof PDFArray)) {
    associated = context.obj([]);
    catalog.set(PDFName.of('AF'), associated);
  }
  const entries = [...existing];
  for (const [name, spec] of leaves) {
    let text = nameText(name);
    for (let copy = 2; taken.has(text); copy += 1) text = `${nameText(name)} (${copy})`;
    taken.add(text);
    const copied = copier.copy(spec);
    entries.push([PDFHexString.fromText(text), copied]);
    (associated as PDFArray).push(copied);
  }
  // One flat leaf, its keys in order as a name tree wants them.
  entries.sort(([a], [b]) => (nameText(a) < nameText(b) ? -1 : nameText(a) > nameText(b) ? 1 : 0));
  (targetTree as PDFDict).set(PDFName.of('Names'), context.obj(entries.flat()));
  (targetTree as PDFDict).delete(PDFName.of('Kids'));
}
