import { texts } from '../../texts';

// Placeholder of the upload screen (spec §2 'Registrar momento').
export default function UploadPage() {
  return (
    <main className="placeholder-page">
      <h1>{texts.uploadTitle}</h1>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
