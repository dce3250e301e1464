/** /sow-signature/:customId — the community partner signs a Scope-of-Work (spec 3 §2, §4). */
export { SowSignaturePage } from '../sow-signing/SowSigningPage';
