import { useParams } from 'react-router-dom';
import { texts } from '../../texts';

// Placeholder of the register / edit event form (spec §2), behind the shell's auth guard.
export default function EventFormPage() {
  const { id } = useParams();
  return (
    <main className="placeholder-page" data-event-id={id ?? ''}>
      <h1>{texts.eventFormTitle}</h1>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
