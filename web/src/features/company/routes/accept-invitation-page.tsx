import { INVITATION_ERRORS } from '@torque/contract';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useTitle } from '@/hooks/use-title.ts';
import { useAuth } from '@/lib/auth/index.ts';
import { isApiError } from '@/lib/http.ts';
import { useAcceptInvitation } from '../api/company.ts';

/** What each refusal of the accept call means to the person holding the link. */
function refusalText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case INVITATION_ERRORS.expired:
      return "This invitation has expired. Ask your company's admin to invite you again.";
    case INVITATION_ERRORS.used:
      return 'This invitation has been used already. Each link works once.';
    case INVITATION_ERRORS.otherAccount:
      return 'This invitation is for another e-mail address. Sign out, then sign in or sign up with the address the invitation was sent to.';
    case INVITATION_ERRORS.inAnotherCompany:
      return 'You belong to another company already. A person buys for one company at a time.';
    default:
      return error.status === 404
        ? 'This invitation link is not valid. Check that you opened the whole link.'
        : error.message;
  }
}

/**
 * `/invitations/accept?token=…` (issue 30): the link of a company invitation's e-mail. Signed
 * out, it offers signing up or in and comes back here (the token travels in the page's address);
 * signed in, one button accepts, then the company shows.
 */
export default function AcceptInvitationPage() {
  useTitle('Company invitation');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const location = useLocation();
  const { status, user } = useAuth();
  const accept = useAcceptInvitation();
  const from = { pathname: location.pathname, search: location.search };

  let body;
  if (!token) {
    body = <p>This link holds no invitation. Open the whole link from the e-mail.</p>;
  } else if (status === 'loading') {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label="Loading" />
      </div>
    );
  } else if (status !== 'authenticated') {
    body = (
      <>
        <p>
          You have been invited to buy for a company. Sign up or sign in with the address the invitation was sent to,
          then accept it here.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to="/signup" state={{ from }} className="btn btn-primary">
            Sign up
          </Link>
          <Link to="/login" state={{ from }} className="btn btn-outline">
            Sign in
          </Link>
        </div>
      </>
    );
  } else if (accept.isSuccess) {
    const company = accept.data;
    body = (
      <>
        <p role="status">
          You joined <strong>{company.name}</strong> as a buyer.
        </p>
        <h2 className="text-lg font-semibold">Members</h2>
        <ul className="list-inside list-disc">
          {company.members.map((m) => (
            <li key={m.email} className="break-all">
              {m.name || m.email} ({m.role === 'admin' ? 'Admin' : 'Buyer'})
            </li>
          ))}
        </ul>
        <div>
          <Link to="/dashboard/company" className="btn btn-primary">
            Go to My company
          </Link>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>
          Signed in as <strong className="break-all">{user?.email}</strong>. Accept the invitation to buy for the
          company that sent it.
        </p>
        {accept.isError ? (
          <p role="alert" className="text-red-700">
            {refusalText(accept.error)}
          </p>
        ) : null}
        <div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={accept.isPending}
            onClick={() => accept.mutate(token)}
          >
            {accept.isPending ? <Spinner size="sm" /> : null}
            Accept invitation
          </button>
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Company invitation</h1>
      {body}
    </div>
  );
}
