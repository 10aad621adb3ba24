import { createHash } from 'node:crypto';
import fs from 'node:fs';

/**
 * The CSP source of a remote's entry URL: its origin when it lives elsewhere (`https://cdn.example.com`,
 * or the bare host of a scheme-relative `//cdn.example.com/...`), null when it is on our origin (a path).
 */
export function sourceOfUrl(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed.startsWith('//')) {
    const host = /^\/\/([^/?#]+)/.exec(trimmed)?.[1];
    return host ? host.toLowerCase() : null;
  }
  if (!/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return null;
  try {
    const parsed = new URL(trimmed);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface PagePolicyInputs {
  /** Every remote's entry URL as remotes.json announces it (same-origin paths or absolute URLs). */
  remoteEntryUrls: string[];
  /** Origins the browser fetches stored files from directly; empty while /api/files serves them. */
  storageOrigins: string[];
  /** Hash sources (`'sha256-…'`) of the inline <style> blocks of the shell's index.html and the paint templates. */
  inlineStyleHashes: () => string[];
  /** Hash sources of the inline scripts of the paint templates (the entry's and the name step's checks, issue 29). */
  inlineScriptHashes?: () => string[];
}

type Directive = string | (() => string);

const unique = (values: string[]) => [...new Set(values)];

/**
 * The page's Content-Security-Policy. Scripts, styles and fonts come from our origin and the remotes'
 * origins only (a remote moved by REMOTE_*_URL is allowed at the next start, no rebuild); no
 * `unsafe-eval`, no inline script and no inline style beyond those of the shell's page and of the
 * painted views' templates, each allowed by its hash. Images and media come from our origin, `blob:`
 * (previews of the guest's selection) and the storage's origins. No one may frame the app.
 */
export function pagePolicyDirectives(inputs: PagePolicyInputs): Record<string, Directive[]> {
  const remotes = unique(inputs.remoteEntryUrls.map(sourceOfUrl).filter((source): source is string => source !== null));
  const storage = unique(inputs.storageOrigins);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // Two templates may carry the same script (the organiser pages' sign-in check): each hash once.
    'script-src': ["'self'", ...remotes, () => unique(inputs.inlineScriptHashes?.() ?? []).join(' ')],
    'script-src-attr': ["'none'"],
    // Each hash is its own source; a function keeps them current when the shell is rebuilt.
    'style-src': ["'self'", ...remotes, () => unique(inputs.inlineStyleHashes()).join(' ')],
    'font-src': ["'self'", ...remotes],
    // data: the painted welcome carries its image in the page (issue 29).
    'img-src': ["'self'", 'blob:', 'data:', ...storage],
    'media-src': ["'self'", 'blob:', ...storage],
    // remotes.json, the API and its websockets on our origin; a remote's mf-manifest.json on its own.
    'connect-src': ["'self'", ...remotes, ...storage],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
}

/** The policy of a stored file that is not an image or a video: no script, no subresource, a unique origin. */
export const SANDBOXED_FILE_POLICY = "default-src 'none'; sandbox";

/** `camera` for our origin only; the rest of what a page could ask a phone for, for no one. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(self), geolocation=(), payment=(), usb=(), display-capture=()';

/** Media types a browser shows as an image, a video or plays as audio (issue 26's voice notes) and never runs: not SVG, which may carry script. */
export function rendersAsMedia(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'image/svg+xml') return false;
  return /^(image|video|audio)\/[a-z0-9.+-]+$/.test(type);
}

const INLINE = {
  style: /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi,
  // A script with no attributes: `type="application/json"` data is not run, and `src` is not inline.
  script: /<script>([\s\S]*?)<\/script>/gi,
};

/** `'sha256-…'` sources for the inline <style> blocks (or plain <script> elements) of an HTML document. */
export function inlineHashes(html: string, kind: keyof typeof INLINE = 'style'): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(INLINE[kind])) {
    sources.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return sources;
}

/**
 * The hashes of a file's inline styles (or scripts), read again only when the file changes (a rebuild
 * while the server runs), checked at most once a second.
 */
export function watchedInlineHashes(file: string, kind: keyof typeof INLINE = 'style'): () => string[] {
  let hashes: string[] = [];
  let seenMtime = -1;
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (now - checkedAt < 1000) return hashes;
    checkedAt = now;
    try {
      const mtime = fs.statSync(file).mtimeMs;
      if (mtime !== seenMtime) {
        hashes = inlineHashes(fs.readFileSync(file, 'utf8'), kind);
        seenMtime = mtime;
      }
    } catch {
      hashes = [];
      seenMtime = -1;
    }
    return hashes;
  };
}
