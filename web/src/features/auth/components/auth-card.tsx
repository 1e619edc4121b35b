import type { ReactNode } from 'react';
import { GoogleSignIn } from './google-sign-in.tsx';

/**
 * The frame the sign-in pages share: title, form, the link across, and (unless `google` is
 * false, as on the password reset pages) an "or" and Google.
 */
export function AuthCard({
  title,
  children,
  footer,
  google = true,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
  google?: boolean;
}) {
  return (
    <section className="flex justify-center px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
          <p className="text-center text-sm">{footer}</p>
          {google ? (
            <>
              <div className="divider my-0 text-sm">OR</div>
              <GoogleSignIn />
            </>
          ) : null}
        </div>
      </div>
    </section>
  );
}
