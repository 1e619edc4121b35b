/** What a redacted value reads in the log. */
export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets wherever they appear (OAuth's code and state, any token). */
const SECRET_PARAM = /^(?:code|state)$|token|secret|password|signature/i;
/** The page the reset e-mail links to: its token and the address beside it. */
const RESET_PAGE = '/reset-password';
/** better-auth's reset callback carries its token in the path. */
const RESET_TOKEN_PATH = '/api/auth/reset-password/';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * A request URL as the request log may write it (issue 24): secret query values, every value on
 * the reset page, and the token in better-auth's reset path replaced by `[redacted]`; anything
 * else as sent. An address without a query string costs one `indexOf`.
 */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  if (path.startsWith(RESET_TOKEN_PATH) && path.length > RESET_TOKEN_PATH.length) path = RESET_TOKEN_PATH + REDACTED;
  if (at < 0) return path;
  const everyValue = path === RESET_PAGE;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !(everyValue || SECRET_PARAM.test(decodedName(pair.slice(0, eq))))) return pair;
      return `${pair.slice(0, eq)}=${REDACTED}`;
    });
  return `${path}?${pairs.join('&')}`;
}

/**
 * pino `redact` paths for what better-auth logs through the server's logger: an OAuth callback
 * whose state fails is logged with the state (and may be with a code or token) in its details.
 */
export const LOG_REDACT_PATHS = [
  'err.details.state',
  'err.details.code',
  'err.details.token',
  'details[*].state',
  'details[*].code',
  'details[*].token',
];
