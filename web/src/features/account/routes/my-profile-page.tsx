import { QueryResult } from '@/components/ui/query-result.tsx';
import { useAuth } from '@/lib/auth/index.ts';
import { useProfile } from '../api/get-profile.ts';
import { NO_USER_MESSAGE } from '../api/update-profile.ts';
import { AddressBook } from '../components/address-book.tsx';
import { GarageSection } from '../components/garage-section.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { TaxIdSection } from '../components/tax-id-section.tsx';

/** `/dashboard/my-profile` (PRODUCT.md §2): who you are, and the form that changes it. */
export default function MyProfilePage() {
  const { user } = useAuth();
  const profile = useProfile();

  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="My Profile" />
      {user ? (
        <QueryResult query={profile} what="your profile">
          {(record) => <ProfileDetails account={user} profile={record} />}
        </QueryResult>
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {NO_USER_MESSAGE}
        </p>
      )}
      <ProfileForm />
      {user ? <AddressBook /> : null}
      {user ? <TaxIdSection /> : null}
      {user ? <GarageSection /> : null}
    </section>
  );
}
