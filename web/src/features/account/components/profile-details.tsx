import type { User } from '@torque/contract';
import type { SessionUser } from '@/lib/auth/index.ts';

/** Only http(s) links become links: a profile field is user input, never a `javascript:` URL. */
function safeLink(value: string): string | null {
  return /^https?:\/\/[^\s"'<>]+$/i.test(value) ? value : null;
}

function Value({ value }: { value: string | null }) {
  if (!value) return <span className="italic text-base-content/60">Not set</span>;
  return <>{value}</>;
}

/** PRODUCT.md §2: name and email from the account; address, phone and linkedin from the server. */
export function ProfileDetails({ account, profile }: { account: SessionUser; profile: User }) {
  const linkedin = profile.linkedin ? safeLink(profile.linkedin) : null;
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[auto_1fr]">
      <dt className="text-sm text-base-content/70">Name</dt>
      <dd className="font-medium break-words">{account.name || account.email}</dd>
      <dt className="text-sm text-base-content/70">Email</dt>
      <dd className="font-medium break-all">{account.email}</dd>
      <dt className="text-sm text-base-content/70">Address</dt>
      <dd className="break-words">
        <Value value={profile.address} />
      </dd>
      <dt className="text-sm text-base-content/70">Phone</dt>
      <dd className="break-words">
        <Value value={profile.phone} />
      </dd>
      <dt className="text-sm text-base-content/70">LinkedIn</dt>
      <dd className="break-all">
        {linkedin ? (
          <a href={linkedin} className="link link-accent" target="_blank" rel="noopener noreferrer">
            {linkedin}
          </a>
        ) : (
          <Value value={profile.linkedin} />
        )}
      </dd>
    </dl>
  );
}
