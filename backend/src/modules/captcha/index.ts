/**
 * Captcha passes: the pass check for signer endpoints;
 * the rest of this directory is internal. Other modules import only this file or
 * its *.module files (tools/eslint/module-boundaries.cjs).
 */
export { CaptchaPassService } from './captcha-pass.service';
export { RequireCaptchaPass } from './captcha-pass.guard';
export { CaptchaCheckedUpload } from './captcha-upload';
