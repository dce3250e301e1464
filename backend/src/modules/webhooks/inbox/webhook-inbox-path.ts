/** Where the local inbox is reached: an endpoint whose URL has this path, plus a name, points at it. */
export const INBOX_RECEIVE_PATH = '/api/webhook-inbox/receive/';
