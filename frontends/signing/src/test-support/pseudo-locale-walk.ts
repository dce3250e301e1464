import { PSEUDO_CLOSE, PSEUDO_OPEN } from '@prosign/domain';

/**
 * The text nodes under `root` that did not come from the pseudo-locale's catalogue (each of its
 * messages is bracketed ⟦…⟧): text written into a component. Skipped: text without a letter
 * (a "×" glyph), and text inside `exclude` (the agreement's own words, marked `lang="en"`; the
 * signer's name, marked `translate="no"`; the language list).
 */
export function textNotPseudoLocalised(root: Element, exclude: readonly string[]): string[] {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (!/\p{L}/u.test(text)) continue;
    const parent = node.parentElement;
    if (parent && exclude.some((selector) => parent.closest(selector))) continue;
    if (!(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE))) found.push(text);
  }
  return found;
}
