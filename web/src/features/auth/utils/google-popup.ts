/** PRODUCT.md §9 / PRODUCT.md §13: the Google sign-in popup and how it reports back. */
export const GOOGLE_POPUP_URL = '/api/auth/google/popup';
export const GOOGLE_POPUP_NAME = 'google-signin';
export const GOOGLE_POPUP_FEATURES = 'width=500,height=600';
export const POPUP_POLL_MS = 2000;

export const AUTH_COMPLETE_TYPE = 'torque:auth-complete';
/** Also broadcast here: a strict opener policy can cut `window.opener` during the OAuth hops. */
export const AUTH_CHANNEL = 'torque-auth';

export interface AuthCompleteMessage {
  type: typeof AUTH_COMPLETE_TYPE;
  error?: string;
}

export function isAuthCompleteMessage(data: unknown): data is AuthCompleteMessage {
  return !!data && typeof data === 'object' && (data as { type?: unknown }).type === AUTH_COMPLETE_TYPE;
}

/** Calls `onComplete` when the popup's /auth/complete page reports; returns the cleanup. */
export function listenForAuthComplete(onComplete: (message: AuthCompleteMessage) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && isAuthCompleteMessage(event.data)) onComplete(event.data);
  };
  window.addEventListener('message', onMessage);
  let channel: BroadcastChannel | null = null;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if (isAuthCompleteMessage(event.data)) onComplete(event.data);
    };
  }
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}

/** Run on /auth/complete inside the popup. */
export function reportAuthComplete(message: AuthCompleteMessage) {
  try {
    window.opener?.postMessage(message, window.location.origin);
  } catch {
    // the opener is gone or elsewhere: the broadcast below still reaches it
  }
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}

/** The server (or the identity library) ends a failed popup at `/auth/complete?error={code}`. */
export function describeAuthError(code: string): string {
  switch (code) {
    case 'google_not_configured':
      return 'Google sign-in is not configured on this server';
    case 'google_unavailable':
      return 'Google sign-in is unavailable right now. Please try again later.';
    case 'access_denied':
      return 'Google sign-in was cancelled.';
    default:
      return `Google sign-in failed (${code.replace(/[^\w.-]/g, '').slice(0, 60) || 'unknown error'}). Please try again.`;
  }
}
