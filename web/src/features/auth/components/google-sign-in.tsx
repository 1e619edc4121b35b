import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FormError } from '@/components/form/form-error.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { sessionQueryOptions, useAuth } from '@/lib/auth/index.ts';
import { usePublicConfig } from '@/lib/public-config.ts';
import {
  GOOGLE_POPUP_FEATURES,
  GOOGLE_POPUP_NAME,
  GOOGLE_POPUP_URL,
  describeAuthError,
  listenForAuthComplete,
  POPUP_POLL_MS,
} from '../utils/google-popup.ts';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

/**
 * 'Continue with google' (PRODUCT.md §2): a 500×600 popup runs the OAuth flow; its /auth/complete page
 * reports back, and the popup is also polled every 2 s (PRODUCT.md §9). Either way the session is
 * read again and traded for the access token.
 */
export function GoogleSignIn() {
  const config = usePublicConfig();
  const queryClient = useQueryClient();
  const { completeSignIn } = useAuth();
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const finishing = useRef(false);

  const stopPolling = () => {
    if (poll.current) clearInterval(poll.current);
    poll.current = null;
  };

  const finish = async (reportedError?: string) => {
    stopPolling();
    if (finishing.current) return;
    finishing.current = true;
    try {
      if (reportedError) {
        setError(describeAuthError(reportedError));
        return;
      }
      const session = await queryClient.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
      if (session?.user) await completeSignIn(session.user.email);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'Google sign-in failed. Please try again.');
    } finally {
      finishing.current = false;
      setWaiting(false);
    }
  };
  const finishRef = useRef(finish);
  useLayoutEffect(() => {
    finishRef.current = finish;
  });

  useEffect(() => {
    const stopListening = listenForAuthComplete((message) => void finishRef.current(message.error));
    return () => {
      stopListening();
      stopPolling();
    };
  }, []);

  function openPopup() {
    setError(null);
    const popup = window.open(GOOGLE_POPUP_URL, GOOGLE_POPUP_NAME, GOOGLE_POPUP_FEATURES);
    if (!popup) {
      setError('The sign-in window was blocked. Allow pop-ups for this site and try again.');
      return;
    }
    popup.focus?.();
    setWaiting(true);
    stopPolling();
    poll.current = setInterval(() => {
      if (popup.closed) void finishRef.current();
    }, POPUP_POLL_MS);
  }

  const enabled = config.data?.googleEnabled === true;
  const note = config.isPending
    ? null
    : config.isError
      ? 'Google sign-in is unavailable right now.'
      : enabled
        ? null
        : 'Google sign-in is not configured on this server';

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className="btn btn-outline w-full"
        onClick={openPopup}
        disabled={!enabled || waiting}
        aria-describedby={note ? 'google-sign-in-note' : undefined}
      >
        {waiting ? <Spinner size="sm" /> : <GoogleMark />}
        Continue with google
      </button>
      {note ? (
        <p id="google-sign-in-note" className="text-center text-sm text-base-content/80">
          {note}
        </p>
      ) : null}
      <FormError message={error} />
    </div>
  );
}
