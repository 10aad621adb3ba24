import { LoadingScreen } from '@momentos/design-kit';
import { texts } from '../../texts';

// Placeholder of the invite resolution (spec §2): it will store the code and find the event.
export default function InvitePage() {
  return <LoadingScreen label={texts.resolvingInvite} />;
}
