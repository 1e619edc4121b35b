import { ADDRESS_BOOK_MAX, type Address } from '@torque/contract';
import { useState } from 'react';
import { toast } from '@/lib/toast.ts';
import { AddressForm } from '@/components/address/address-form.tsx';
import { PostalAddressBlock } from '@/components/address/postal-address.tsx';
import { FormError } from '@/components/form/form-error.tsx';
import { ConfirmModal } from '@/components/ui/confirm-modal.tsx';
import { QueryResult } from '@/components/ui/query-result.tsx';
import { addressInputOf, useAddresses, useDeleteAddress, useSaveAddress } from '@/lib/addresses/address-api.ts';

/** What the book's panel shows besides the list: nothing, the new-address form, or one entry's form. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; entry: Address };

/** "Addresses" (PRODUCT.md §20): the account's book, its defaults, and the form that adds or edits an entry. */
export function AddressBook() {
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  const setDefault = useSaveAddress();

  const makeDefault = (entry: Address, which: 'defaultShipping' | 'defaultBilling') =>
    setDefault.mutate({ id: entry._id, input: { ...addressInputOf(entry), [which]: true } });

  return (
    <section aria-labelledby="addresses-heading" className="flex flex-col gap-3">
      <h2 id="addresses-heading" className="text-xl font-semibold">
        Addresses
      </h2>
      <QueryResult query={addresses} what="your addresses">
        {(list) => (
          <>
            {list.length === 0 ? (
              <p className="text-base-content/80">No addresses yet. Add one and choose it at checkout.</p>
            ) : (
              <ul aria-label="Your addresses" className="grid gap-3 md:grid-cols-2">
                {list.map((entry) => {
                  const name = entry.label ?? entry.line1;
                  return (
                    <li
                      key={entry._id}
                      className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 text-sm"
                    >
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-semibold">{entry.label ?? 'Address'}</span>
                        {entry.defaultShipping ? <span className="badge badge-sm">Default shipping</span> : null}
                        {entry.defaultBilling ? <span className="badge badge-sm">Default billing</span> : null}
                      </div>
                      <PostalAddressBlock address={entry} />
                      <div className="mt-auto flex flex-wrap gap-2 pt-1">
                        <button
                          type="button"
                          className="btn btn-outline btn-xs"
                          aria-label={`Edit address ${name}`}
                          onClick={() => setEditing({ kind: 'edit', entry })}
                        >
                          Edit
                        </button>
                        {entry.defaultShipping ? null : (
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            aria-label={`Set as default shipping: ${name}`}
                            disabled={setDefault.isPending}
                            onClick={() => makeDefault(entry, 'defaultShipping')}
                          >
                            Set as default shipping
                          </button>
                        )}
                        {entry.defaultBilling ? null : (
                          <button
                            type="button"
                            className="btn btn-ghost btn-xs"
                            aria-label={`Set as default billing: ${name}`}
                            disabled={setDefault.isPending}
                            onClick={() => makeDefault(entry, 'defaultBilling')}
                          >
                            Set as default billing
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          aria-label={`Delete address ${name}`}
                          onClick={() => setDeleting(entry)}
                        >
                          Delete
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            <FormError message={setDefault.isError ? setDefault.error.message : null} />
            {editing.kind === 'none' ? (
              list.length < ADDRESS_BOOK_MAX ? (
                <div>
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing({ kind: 'new' })}>
                    Add an address
                  </button>
                </div>
              ) : (
                <p className="text-sm text-base-content/80">
                  Your book holds {ADDRESS_BOOK_MAX} addresses. Delete one to add another.
                </p>
              )
            ) : (
              <div className="rounded-box border border-base-300 bg-base-100 p-4">
                <AddressForm
                  key={editing.kind === 'edit' ? editing.entry._id : 'new'}
                  entry={editing.kind === 'edit' ? editing.entry : undefined}
                  title={editing.kind === 'edit' ? 'Edit address' : 'New address'}
                  submitLabel={editing.kind === 'edit' ? 'Save address' : 'Add address'}
                  onSaved={() => {
                    toast.success(editing.kind === 'edit' ? 'Address saved' : 'Address added');
                    setEditing({ kind: 'none' });
                  }}
                  onCancel={() => setEditing({ kind: 'none' })}
                />
              </div>
            )}
          </>
        )}
      </QueryResult>
      <ConfirmModal
        open={deleting !== null}
        title="Delete this address?"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              toast.success('Address deleted');
              setDeleting(null);
            },
          })
        }
      >
        {deleting ? (
          <>
            <PostalAddressBlock address={deleting} className="text-sm" />
            <p className="mt-2 text-sm text-base-content/80">Orders placed with it keep their copy.</p>
          </>
        ) : null}
        <FormError message={remove.isError ? remove.error.message : null} />
      </ConfirmModal>
    </section>
  );
}
