import { texts } from '../../texts';

// Placeholder of the entry and login screen (spec §2 'Entry screen'); the login flow comes next.
export default function EntryPage() {
  return (
    <main className="placeholder-page">
      <h1>{texts.entryTitle}</h1>
      <p>{texts.entryWelcome}</p>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
