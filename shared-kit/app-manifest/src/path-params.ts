// Its own file: the API client fills its routes' paths with it without the rest of the manifest.

/**
 * A path with each `:name` segment filled in, encoded: how the API client builds a call's URL, and
 * how the server lists a page's early reads (issue 29), which the client matches by that URL.
 */
export function fillPath(path: string, params: Record<string, string | undefined> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
