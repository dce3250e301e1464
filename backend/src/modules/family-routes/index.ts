/**
 * Every family's generic routes: what a family's own module may reuse (the send's envelope
 * checks); the rest of this directory is internal (tools/eslint/module-boundaries.cjs).
 */
export { FamilySendCopyDto, sendBodyOf } from './family-creation.dto';
