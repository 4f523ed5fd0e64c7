/**
 * Which files of a published version the static route serves to browsers: only what a page
 * loads. A published version also holds what the gateway alone reads from disk, and browsers
 * never get it, in production or in staging (nothing in the browser reads any of it: the shell,
 * remote-kit and the Module Federation runtime fetch a remote's mf-manifest.json, then the
 * remoteEntry.js, chunks and stylesheets it names, and the page's HTML names the shell's scripts):
 *
 * - `server/` (the server container, its chunks and their integrity.json): server code;
 * - `integrity.json`, `bus-contract.json`, `mf-stats.json`, `asset-manifest.json`: the deploy
 *   gates' and the page renderer's inputs (the page's HTML carries the hashes and script names);
 * - license texts (`*.LICENSE.txt` and the like) and anything else not in the list below.
 *
 * A file that is not served answers exactly as a missing one (the not-found handler), whatever
 * its encoding: its `.br`/`.gz` copies are never served, asked for by name or through
 * accept-encoding. The rule is a list of what is served, not of what is hidden, so a file a
 * future build adds stays private until a page needs it. Paths are judged as the static route
 * will resolve them, and anything that is not one plain spelling of a file is refused: an empty,
 * `.` or `..` segment (`%2e%2e`, double slashes), an encoded separator or a second encoding
 * (`server%2FremoteEntry.js`, `%252e`), a backslash, a control or non-ASCII character; names are compared
 * case-insensitively, so `SERVER/` or `MF-STATS.JSON` are refused on any file system too.
 */
import { isDeployable, isVersion } from './store';

/** What a page loads from a version: its manifest, then scripts, stylesheets and their media. */
const MANIFEST = 'mf-manifest.json';
const BROWSER_FILE = /\.(js|mjs|css|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|wasm)$/;
/** Source maps: staging only (the builds emit them without a sourceMappingURL comment). */
const SOURCE_MAP = /\.(js|mjs|css)\.map$/;
/** The server container's folder in a published version. */
const SERVER_DIR = 'server';
/**
 * Not one plain spelling of a name (decodeURI has already been applied): a dot segment or a
 * dotfile, an encoded character left (%2F, a second encoding), a backslash, a control or non-ASCII character.
 */
const BAD_SEGMENT = /^\.|[%\\]|[^\x20-\x7e]/;

/**
 * @param pathName the path below the static route's prefix, as @fastify/static hands it to
 *   `allowedPath` (`/<remote>/<version>/<file>`, decodeURI applied)
 */
export function isPublicFile(pathName: string, mode: 'production' | 'staging'): boolean {
  const segments = pathName.split('/');
  // The leading slash, then remote, version and at least one segment of the file's path.
  if (segments.length < 4 || segments[0] !== '') return false;
  if (segments.slice(1).some((s) => s === '' || BAD_SEGMENT.test(s))) return false;
  const [, name, version, ...file] = segments;
  if (!isDeployable(name) || !isVersion(version) || version.includes('.tmp-')) return false;
  if (file[0].toLowerCase() === SERVER_DIR) return false;
  const base = file[file.length - 1].toLowerCase();
  if (file.length === 1 && base === MANIFEST) return true;
  return BROWSER_FILE.test(base) || (mode === 'staging' && SOURCE_MAP.test(base));
}
