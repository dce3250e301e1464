/**
 * Standard contracts: what other modules may use (signing reads the standard
 * form, the public api sends them); the rest of this directory is internal. Other modules import only
 * this file or its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { standardFormOf } from './standard-contract.form';
export { ContractSendService } from './contract-send.service';
