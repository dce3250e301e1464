import './styles.css';

export { ErrorPanel, type ErrorPanelProps } from './components/ErrorPanel';
export { ErrorBoundary, type ErrorBoundaryProps } from './components/ErrorBoundary';
export {
  LoadingState,
  Spinner,
  type LoadingStateProps,
  type SpinnerProps,
} from './components/Spinner';
export { PageHeader, type PageHeaderProps } from './components/PageHeader';
export { AppFooter, type AppFooterProps } from './components/AppFooter';
export { BrandMark, type BrandMarkProps } from './components/BrandMark';
export { PublicLayout, type PublicLayoutProps } from './components/PublicLayout';
export { PlaceholderPage, type PlaceholderPageProps } from './components/PlaceholderPage';
export {
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastOptions,
  type ToastTone,
} from './components/Toast';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog';
