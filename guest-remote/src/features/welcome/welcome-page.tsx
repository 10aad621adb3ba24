import { texts } from '../../texts';

// Placeholder of the guest event screen (spec §2): welcome, then the public albums.
export default function WelcomePage() {
  return (
    <main className="placeholder-page">
      <h1>{texts.albumsTitle}</h1>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
