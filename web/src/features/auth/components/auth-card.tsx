import type { ReactNode } from 'react';
import { GoogleSignIn } from './google-sign-in.tsx';

/** The frame both sign-in pages share: title, form, an "or", Google, and the link across. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <h1 className="text-center text-2xl font-bold">{title}</h1>
          {children}
          <p className="text-center text-sm">{footer}</p>
          <div className="divider my-0 text-sm">OR</div>
          <GoogleSignIn />
        </div>
      </div>
    </section>
  );
}
