import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTitle } from '@/hooks/use-title.ts';
import { AUTH_COMPLETE_TYPE, describeAuthError, reportAuthComplete } from '../utils/google-popup.ts';

/**
 * Where the server sends the Google popup at the end of the OAuth flow: tell the opener, close.
 * An `?error=` from the server is passed along so the opener can show it.
 */
export default function AuthCompletePage() {
  useTitle('Signing in');
  const [params] = useSearchParams();
  const error = params.get('error') ?? undefined;

  useEffect(() => {
    reportAuthComplete(error ? { type: AUTH_COMPLETE_TYPE, error } : { type: AUTH_COMPLETE_TYPE });
    window.close();
  }, [error]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{error ? 'Google sign-in failed' : 'Signed in'}</h1>
      <p>{error ? describeAuthError(error) : 'You can close this window.'}</p>
      <Link to="/" className="btn btn-primary btn-sm">
        Continue to Torque Parts
      </Link>
    </main>
  );
}
