import './styles.css';

export { ErrorPanel } from './components/ErrorPanel';
export { ErrorBoundary } from './components/ErrorBoundary';
export { LoadingState, Spinner } from './components/Spinner';
export { PageHeader } from './components/PageHeader';
export { SignedCopyStatus } from './components/SignedCopyStatus';
export { AppFooter } from './components/AppFooter';
export { BrandMark } from './components/BrandMark';
export { PublicLayout } from './components/PublicLayout';
// The address autocomplete (on the Combobox of React Aria) is in '@prosign/ui/controls'.
export { CaptchaGate } from './captcha/CaptchaGate';
export { CaptchaCheckbox, CaptchaStep } from './captcha/CaptchaStep';
export { readTickBeforeStart } from './captcha/tick-before-start';
export { CaptchaPassContext, useCaptchaPass, type CaptchaPassValue } from './captcha/captcha-pass';
export { ToastProvider, useToast } from './components/Toast';
export { Dialog } from './components/Dialog';
export { ConsentDisclosureText } from './components/ConsentDisclosureText';
export { ConfirmDialog } from './components/ConfirmDialog';
export { OneTimeSecretDialog } from './components/OneTimeSecretDialog';
export { renderStandalonePreview } from './standalone/renderStandalonePreview';
export { useMediaQuery } from './hooks/useMediaQuery';
export { PdfViewer } from './pdf-viewer/LazyPdfViewer';
export type { PdfViewerHandle } from './pdf-viewer/PdfViewer';
export { PdfLoaderProvider } from './pdf-viewer/pdf-loader-context';
export { STAFF_PDF_REQUEST } from './pdf-viewer/pdf-document';
export type { PdfLoader } from './pdf-viewer/pdf-document';
export type { PdfBookmark } from './pdf-viewer/viewer-math';
