/**
 * Document links (spec 1 §2.4, §5): a URL containing `/d/{id}/` and ending in
 * `edit`, `view` or `preview`, the shape of Google Docs links, which the local
 * document engine keeps. The one place a document id is read out of a link.
 */
export const DOC_LINK_MODES = ['edit', 'view', 'preview'] as const;
export type DocLinkMode = (typeof DOC_LINK_MODES)[number];

/** Document ids: Google's (base64url, ~44 characters) and ours (hex) both fit. */
const DOC_ID = /^[A-Za-z0-9_-]{1,128}$/;
const DOC_ID_IN_LINK = /\/d\/([^/?#]+)\//;

/**
 * The id of the document a link names: the segment after `/d/` and before the
 * next `/`. `null` when the link does not contain `/d/{id}/`.
 */
export function extractDocId(docLink: string): string | null {
  const match = DOC_ID_IN_LINK.exec(docLink);
  if (!match) return null;
  const id = match[1];
  return DOC_ID.test(id) ? id : null;
}

export function isValidDocId(id: string): boolean {
  return DOC_ID.test(id);
}

/** `${base}/d/{id}/{mode}`; `base` is where documents are served, e.g. `https://api.example.com/api/documents`. */
export function buildDocLink(base: string, docId: string, mode: DocLinkMode = 'edit'): string {
  if (!DOC_ID.test(docId)) throw new Error(`Invalid document id: ${docId}`);
  return `${base.replace(/\/+$/, '')}/d/${docId}/${mode}`;
}

/**
 * The same link with its trailing `edit`, `view` or `preview` segment replaced
 * by `mode` (spec 3 §7: the preview link of a created document). A link without
 * such a segment gets one appended.
 */
export function withDocLinkMode(docLink: string, mode: DocLinkMode): string {
  const [path, query = ''] = splitQuery(docLink);
  const replaced = /\/(edit|view|preview)\/?$/.test(path)
    ? path.replace(/\/(edit|view|preview)\/?$/, `/${mode}`)
    : `${path.replace(/\/+$/, '')}/${mode}`;
  return query ? `${replaced}?${query}` : replaced;
}

function splitQuery(link: string): [string, string?] {
  const index = link.indexOf('?');
  return index === -1 ? [link] : [link.slice(0, index), link.slice(index + 1)];
}
