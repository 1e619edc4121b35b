import type { User } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { formatCount } from '@/lib/format.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUsers } from '../api/get-users.ts';
import { useListParams } from '@/lib/list-params.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { Pager, SearchBox } from '@/components/ui/list-controls.tsx';
import { CountHeading, PageHeader } from '@/components/layout/page-header.tsx';
import { TaxExemptionModal } from '../components/tax-exemption-modal.tsx';
import { UsersTable } from '../components/users-table.tsx';

/** `/dashboard/user` (admin, PRODUCT.md §2): every account; promote or delete. */
export default function MakeAdminPage() {
  const list = useListParams();
  const users = useUsers(list.query);
  const makeAdmin = useMakeAdmin();
  const deleteUser = useDeleteUser();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [exemptionOf, setExemptionOf] = useState<string | null>(null);

  function promote(user: User) {
    makeAdmin.mutate(user.email, {
      onSuccess: () => toast.success(`you approved ${user.name || user.email} as admin.`),
      onError: (error) => toast.error(error.message),
    });
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteUser.mutate(toDelete._id, {
      onSuccess: () => toast.success('User Deleted'),
      onError: (error) => toast.error(error.message),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <section className="flex flex-col gap-4">
      <PageHeader title="Make Admin">
        {users.data ? <CountHeading>Users: {formatCount(users.data.total)}</CountHeading> : null}
      </PageHeader>
      <SearchBox label="Search by name or e-mail" value={list.q} onSearch={list.setQ} />
      <QueryResult query={users} what="the users">
        {(page) => (
          <>
            <UsersTable
              users={page.items}
              promoting={makeAdmin.isPending ? (makeAdmin.variables ?? null) : null}
              onMakeAdmin={promote}
              onDelete={setToDelete}
              onTaxExemption={(user) => setExemptionOf(user.email)}
            />
            <Pager atStart={!list.cursor} nextCursor={page.nextCursor} onPage={list.goTo} />
          </>
        )}
      </QueryResult>
      <ConfirmModal
        open={toDelete !== null}
        title="Are you sure you want to delete?"
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? (
          <p>
            The account <strong className="break-all">{toDelete.email}</strong> and its sign-ins will be removed.
          </p>
        ) : null}
      </ConfirmModal>
      <TaxExemptionModal email={exemptionOf} onClose={() => setExemptionOf(null)} />
    </section>
  );
}
