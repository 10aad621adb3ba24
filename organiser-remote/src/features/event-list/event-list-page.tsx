import { texts } from '../../texts';

// Placeholder of the event list (spec §2 'Event list'), behind the shell's auth guard.
export default function EventListPage() {
  return (
    <main className="placeholder-page">
      <h1>{texts.eventListTitle}</h1>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
