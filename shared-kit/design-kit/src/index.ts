// Public entry of @momentos/design-kit (a federation singleton: one copy per page).
import './theme/tokens.css';

export { theme } from './theme/tokens';
export { formatText } from './texts/format-text';
export { LoadingScreen, Spinner } from './loading-screen/loading-screen';
export { Button, ButtonLink } from './button/button';
export type { ButtonProps, ButtonLinkProps, ButtonVariant } from './button/button';
export { Field } from './field/field';
export type { FieldProps, FieldControlProps } from './field/field';
export { useCopyToClipboard, copiedStateMs } from './clipboard/use-copy-to-clipboard';
export type { CopyToClipboard } from './clipboard/use-copy-to-clipboard';
export { ImagePlaceholder } from './icons/image-placeholder';
export { EmptyState } from './empty-state/empty-state';
export type { LoadingScreenProps } from './loading-screen/loading-screen';
export { BottomNavigation } from './bottom-navigation/bottom-navigation';
export type { BottomNavigationItem, BottomNavigationProps } from './bottom-navigation/bottom-navigation';
export { AlbumIcon, CameraIcon, FilterIcon, ShareIcon } from './bottom-navigation/navigation-icons';
export { Dialog } from './dialog/dialog';
export type { DialogProps } from './dialog/dialog';
export { FeedbackDialog } from './dialog/feedback-dialog';
export type { Feedback, FeedbackDialogProps, FeedbackKind } from './dialog/feedback-dialog';
export { ToastHost, notify } from './toasts/toasts';
export type { PageLoader, RemotePages, RemoteRoutesModule } from './remote-contract/remote-contract';
export { Link, Navigate, NavigationProvider, useLocation, useNavigate, useParams } from './navigation/navigation';
export type { LinkProps, NavigateFunction, NavigateOptions, Navigation, RouteLocation } from './navigation/navigation';

export { GuidedTour } from './tour/guided-tour';
export type { GuidedTourProps } from './tour/guided-tour';
export { useGuidedTour, useTourOnce } from './tour/use-guided-tour';
export type { GuidedTourControls, TourOnceOptions } from './tour/use-guided-tour';
export { TourHelpButton } from './tour/tour-help-button';
export type { TourHelpButtonProps } from './tour/tour-help-button';
export { tourReducer, prepareSteps, areStepsValid, invalidStepsWarning } from './tour/tour-rules';
export type { TourStep, TourTexts, TourState } from './tour/tour-rules';
export { InviteDialog, InviteQrCode, QrCode, inviteLink } from './invite-dialog/invite-dialog';
export type { InviteDialogProps, InviteDialogTexts } from './invite-dialog/invite-dialog';
export { paintedPage, readFirstPaint, removeFirstPaint, resetFirstPaintForTests } from './first-paint/first-paint';
