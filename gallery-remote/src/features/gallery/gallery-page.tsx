import { texts } from '../../texts';

// Placeholder of the gallery (spec §2 'Gallery').
export default function GalleryPage() {
  return (
    <main className="placeholder-page">
      <h1>{texts.galleryTitle}</h1>
      <p>{texts.comingSoon}</p>
    </main>
  );
}
