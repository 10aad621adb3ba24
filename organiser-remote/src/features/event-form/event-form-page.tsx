import { useRef, useState, type KeyboardEvent } from 'react';
import { useParams } from '@momentos/design-kit';
import { texts } from '../../texts';
import { OrganiserMenu } from '../../layout/organiser-menu';
import { AlbumsTab } from './albums-tab';
import { GeneralSkeleton, GeneralTab } from './general-tab';
import { useEvent } from './api/use-event';
import { TeamTab } from '../team/team-tab';
import { mayOn } from '../team/team-rules';
import '../../layout/organiser.css';
import './event-form.css';

const t = texts.eventForm;
type Tab = 'general' | 'albums' | 'team';

/** Register / edit event (spec §2): tabs 'Dados gerais' and 'Álbuns' (disabled while no event id exists). */
export default function EventFormPage() {
  const { id } = useParams();
  const { event, loading } = useEvent(id);
  const [tab, setTab] = useState<Tab>('general');
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ general: null, albums: null, team: null });
  // Issue 27: 'Equipe' for the owner only; a co-host edits the event and albums, nothing more.
  const showTeam = Boolean(id && event && mayOn(event, 'team.manage'));
  const order: Tab[] = showTeam ? ['general', 'albums', 'team'] : ['general', 'albums'];

  const onTabKeyDown = (key: KeyboardEvent) => {
    if (!id || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(key.key)) return;
    key.preventDefault();
    const at = order.indexOf(tab);
    const next: Tab =
      key.key === 'Home' ? order[0] : key.key === 'End' ? order[order.length - 1] : order[(at + (key.key === 'ArrowRight' ? 1 : order.length - 1)) % order.length];
    setTab(next);
    tabs.current[next]?.focus();
  };

  const tabProps = (name: Tab) => ({
    ref: (element: HTMLButtonElement | null) => {
      tabs.current[name] = element;
    },
    id: `event-tab-${name}`,
    type: 'button' as const,
    role: 'tab',
    className: 'event-tabs__tab',
    'aria-selected': tab === name,
    'aria-controls': `event-panel-${name}`,
    tabIndex: tab === name ? 0 : -1,
    onClick: () => setTab(name),
    onKeyDown: onTabKeyDown,
  });

  return (
    <div className="org-page">
      <header className="org-header">
        <h1>{id ? t.editTitle : t.createTitle}</h1>
      </header>
      <main className="org-content" data-event-id={id ?? ''}>
        <div className="event-tabs" role="tablist" aria-label={t.tabsLabel}>
          <button {...tabProps('general')}>{t.generalTab}</button>
          <button {...tabProps('albums')} disabled={!id}>
            {t.albumsTab}
          </button>
          {showTeam ? <button {...tabProps('team')}>{texts.team.tab}</button> : null}
        </div>
        <section id="event-panel-general" role="tabpanel" aria-labelledby="event-tab-general" hidden={tab !== 'general'} className="event-panel">
          {loading ? <GeneralSkeleton /> : <GeneralTab id={id} event={event} />}
        </section>
        {id ? (
          <section id="event-panel-albums" role="tabpanel" aria-labelledby="event-tab-albums" hidden={tab !== 'albums'} className="event-panel">
            {tab === 'albums' ? <AlbumsTab eventId={id} /> : null}
          </section>
        ) : null}
        {id && showTeam ? (
          <section id="event-panel-team" role="tabpanel" aria-labelledby="event-tab-team" hidden={tab !== 'team'} className="event-panel">
            {tab === 'team' ? <TeamTab eventId={id} /> : null}
          </section>
        ) : null}
      </main>
      <OrganiserMenu />
    </div>
  );
}
