/** The pseudo-locale's catalogue, in a chunk of its own: only a pseudo-locale walk loads it. */
export { pseudoCatalogue } from '@prosign/domain';
