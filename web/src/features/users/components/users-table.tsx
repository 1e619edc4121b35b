import type { User } from '@torque/contract';
import { ScrollTable } from '@/components/ui/scroll-table.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';

interface UsersTableProps {
  users: User[];
  /** Email of the account being promoted right now. */
  promoting: string | null;
  onMakeAdmin: (user: User) => void;
  onDelete: (user: User) => void;
  /** Opens the user's tax-exemption certificate (issue 29). */
  onTaxExemption: (user: User) => void;
}

/** PRODUCT.md §2: number, email, Make Admin (hidden for admins), Delete user; issue 29: Tax exemption. */
export function UsersTable({ users, promoting, onMakeAdmin, onDelete, onTaxExemption }: UsersTableProps) {
  return (
    <ScrollTable caption="All users" cards>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Email</th>
          <th scope="col">Admin</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users.map((user, index) => (
          <tr key={user._id}>
            <th scope="row" data-label="#">
              {index + 1}
            </th>
            <td data-label="Email" className="break-all md:break-normal md:whitespace-nowrap">
              {user.email}
            </td>
            <td data-label="Admin">
              {user.role === 'admin' ? (
                <span className="badge badge-sm badge-info">Admin</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-primary btn-xs whitespace-nowrap"
                  disabled={promoting !== null}
                  aria-label={`Make Admin, ${user.email}`}
                  onClick={() => onMakeAdmin(user)}
                >
                  {promoting === user.email ? <Spinner size="sm" /> : null}
                  Make Admin
                </button>
              )}
            </td>
            <td data-label="Actions">
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-outline btn-xs whitespace-nowrap"
                  aria-label={`Tax exemption, ${user.email}`}
                  onClick={() => onTaxExemption(user)}
                >
                  Tax exemption
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-error btn-xs whitespace-nowrap"
                  aria-label={`Delete user ${user.email}`}
                  onClick={() => onDelete(user)}
                >
                  Delete user
                </button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
