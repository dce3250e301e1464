export * from './access/access-flags';
export * from './access/staff-email';
export * from './routes/routes';
export * from './navigation/nav-model';
export * from './errors/error-page';
export * from './constants/limits';
export * from './session/staff-session';
export * from './session/browser-storage';
