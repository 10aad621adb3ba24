// Public entry of @momentos/design-kit (a federation singleton: one copy per page).
import './theme/tokens.css';

export { theme } from './theme/tokens';
export { formatText } from './texts/format-text';
export { LoadingScreen, Spinner } from './loading-screen/loading-screen';
export type { LoadingScreenProps } from './loading-screen/loading-screen';
export { BottomNavigation } from './bottom-navigation/bottom-navigation';
export type { BottomNavigationItem, BottomNavigationProps } from './bottom-navigation/bottom-navigation';
export { Dialog } from './dialog/dialog';
export type { DialogProps } from './dialog/dialog';
export { FeedbackDialog } from './dialog/feedback-dialog';
export type { FeedbackDialogProps, FeedbackKind } from './dialog/feedback-dialog';
export { ToastHost, notify } from './toasts/toasts';
export type { PageLoader, RemoteRoutesModule } from './remote-contract/remote-contract';
export { renderStandalone } from './standalone/render-standalone';
export type { StandaloneRoute } from './standalone/render-standalone';
