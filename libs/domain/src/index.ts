export * from './access/access-flags';
export * from './routes/routes';
export * from './navigation/nav-model';
export * from './errors/error-page';
export * from './constants/limits';
export * from './crm/crm-rules';
export * from './captcha/captcha';
export * from './address/address';
