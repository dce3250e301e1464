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
export { SignedCopyStatus } from './components/SignedCopyStatus';
export { AppFooter, type AppFooterProps } from './components/AppFooter';
export { BrandMark, type BrandMarkProps } from './components/BrandMark';
export { PublicLayout, type PublicLayoutProps } from './components/PublicLayout';
export { PlaceholderPage, type PlaceholderPageProps } from './components/PlaceholderPage';
// The address autocomplete (on the Combobox of React Aria) is in '@prosign/ui/controls'.
export {
  ADDRESS_SUGGESTION_LIMIT,
  createGoogleAddressSource,
  createLocalAddressSource,
  selectAddressSource,
  type AddressOption,
  type AddressSource,
  type GoogleAddressSourceOptions,
} from './address/address-sources';
export {
  addressFromGooglePlace,
  loadGooglePlaces,
  type GoogleAddressComponent,
  type GooglePlacesLibrary,
} from './address/google-places';
export { CaptchaGate, type CaptchaGateProps } from './captcha/CaptchaGate';
export {
  CaptchaCheckbox,
  CaptchaStep,
  type CaptchaCheckboxProps,
  type CaptchaStepProps,
} from './captcha/CaptchaStep';
export { readTickBeforeStart } from './captcha/tick-before-start';
export {
  CaptchaPassContext,
  captchaPassHeaders,
  clearCaptchaPass,
  readCaptchaPass,
  storeCaptchaPass,
  useCaptchaPass,
  type CaptchaPassValue,
} from './captcha/captcha-pass';
export { loadRecaptcha, type RecaptchaApi, type RecaptchaLoader } from './captcha/recaptcha';
export {
  ToastProvider,
  useToast,
  type ToastApi,
  type ToastOptions,
  type ToastTone,
} from './components/Toast';
export { Dialog, type DialogProps } from './components/Dialog';
export {
  ConsentDisclosureText,
  type ConsentDisclosureTextProps,
} from './components/ConsentDisclosureText';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog';
export {
  renderStandalonePreview,
  type StandalonePreviewOptions,
  type StandaloneRoute,
} from './standalone/renderStandalonePreview';
export { useMediaQuery } from './hooks/useMediaQuery';
export { PdfViewer } from './pdf-viewer/LazyPdfViewer';
export type { PdfViewerHandle, PdfViewerProps } from './pdf-viewer/PdfViewer';
export { PdfLoaderProvider, type PdfLoaderProviderProps } from './pdf-viewer/pdf-loader-context';
export { STAFF_PDF_REQUEST } from './pdf-viewer/pdf-document';
export type {
  PdfDocumentLike,
  PdfLoader,
  PdfPageLike,
  PdfRenderTaskLike,
  PdfRequestOptions,
  PdfViewportLike,
} from './pdf-viewer/pdf-document';
export type { PdfBookmark } from './pdf-viewer/viewer-math';
export { PDF_VIEWER_TEXTS } from './pdf-viewer/pdf-viewer-texts';
