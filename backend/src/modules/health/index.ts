/**
 * No code of this module is for other modules: they use it only through its Nest
 * module, imported from its *.module file (tools/eslint/module-boundaries.cjs).
 */
export {};
