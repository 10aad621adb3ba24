import { BottomNavigation, useLocation, useNavigate } from '@momentos/design-kit';
import { logout, useAuthStore } from '@momentos/api-client';
import { texts } from '../texts';
import { useForgetSessionData } from './use-forget-session-data';

const icon = (path: string) => (
  <svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" focusable="false">
    <path d={path} />
  </svg>
);

/** The fixed 70 px bottom menu of the organiser pages: Eventos, Novo, Conta (issue 27), Sair (spec §2). */
export function OrganiserMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useAuthStore((state) => state.signOut);
  const token = useAuthStore((state) => state.token);
  const forgetSessionData = useForgetSessionData();
  /** A menu item that opens a page, marked while it is open. */
  const page = (key: string, label: string, iconPath: string, path: string) => ({
    key,
    label,
    icon: icon(iconPath),
    active: pathname === path,
    onSelect: () => void navigate(path),
  });
  return (
    <BottomNavigation
      label={texts.menu.label}
      items={[
        page('events', texts.menu.events, 'M3 5h18M3 12h18M3 19h18', '/events'),
        page('create', texts.menu.create, 'M12 5v14M5 12h14', '/events/register'),
        // Issue 27 item 4: 'Minha conta'.
        page('account', texts.menu.account, 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8', '/conta'),
        {
          key: 'sign-out',
          label: texts.menu.signOut,
          icon: icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9'),
          onSelect: () => {
            // The server ends the session (issue 23 item 2); the page forgets it without waiting.
            void logout(token);
            signOut();
            forgetSessionData();
            navigate('/', { replace: true });
          },
        },
      ]}
    />
  );
}
