import { ADDRESS_BOOK_MAX, type Address, type AddressFields, type PostalAddress } from '@torque/contract';
import { countryName } from '@torque/contract/address-rules';
import { conflict, notFound } from '../../lib/errors.ts';
import { postalLines } from '../../lib/postal-lines.ts';
import type { Caller } from '../../plugins/access.ts';
import type { AddressesRepository, DefaultFlags, StoredAddress } from './addresses-repository.ts';

/** The address's own fields, as an order keeps its copy (the contract's postalAddress). */
export function postalOf(row: StoredAddress | AddressFields): PostalAddress {
  return {
    label: row.label,
    company: row.company,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    postalCode: row.postalCode,
    city: row.city,
    region: row.region,
    country: row.country,
    countryName: countryName(row.country),
    phone: row.phone,
  };
}

function toAddress(row: StoredAddress): Address {
  return {
    ...postalOf(row),
    _id: row.id,
    defaultShipping: row.defaultShipping,
    defaultBilling: row.defaultBilling,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * One line of text for an address, as the spec's free-text `address` of an order shows it, its
 * lines as the country writes them (lib/postal-lines.ts): "Jane Doe, Acme Ltd, 1 Gear St, Unit 4,
 * Springfield, IL 62704, United States of America"; "…, 1 rue de Rivoli, 75001 Paris, France".
 */
export function formatAddress(a: PostalAddress): string {
  return [a.name, a.company, ...postalLines(a)].filter(Boolean).join(', ');
}

const missing = () => notFound('Address');

/**
 * The address book (issue 28, PRODUCT.md "Addresses and shipping"): each account's own. Another
 * account's address is answered as missing (404), to admins too: a book is private, and an admin
 * sees the copies kept with orders instead.
 */
export function createAddressesService(repository: AddressesRepository) {
  return {
    list: async (caller: Caller): Promise<Address[]> => (await repository.list(caller.userId)).map(toAddress),

    async get(caller: Caller, id: string): Promise<Address> {
      const row = await repository.get(caller.userId, id);
      if (!row) throw missing();
      return toAddress(row);
    },

    async create(caller: Caller, input: AddressFields & DefaultFlags): Promise<Address> {
      const { defaultShipping, defaultBilling, ...fields } = input;
      const row = await repository.create(caller.userId, fields, { defaultShipping, defaultBilling }, ADDRESS_BOOK_MAX);
      if (!row) throw conflict(`An address book holds at most ${ADDRESS_BOOK_MAX} addresses`, 'ADDRESS_BOOK_FULL');
      return toAddress(row);
    },

    async update(caller: Caller, id: string, input: AddressFields & DefaultFlags): Promise<Address> {
      const { defaultShipping, defaultBilling, ...fields } = input;
      const row = await repository.update(caller.userId, id, fields, { defaultShipping, defaultBilling });
      if (!row) throw missing();
      return toAddress(row);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      if (!(await repository.remove(caller.userId, id))) throw missing();
    },

    /** The account's address `id` as an order copies it; undefined when the account has none such. */
    async copyOf(userId: string, id: string): Promise<PostalAddress | undefined> {
      const row = await repository.get(userId, id);
      return row && postalOf(row);
    },

    /** The account's default billing address, if it has one. */
    async defaultBillingOf(userId: string): Promise<PostalAddress | undefined> {
      const row = await repository.defaultBilling(userId);
      return row && postalOf(row);
    },
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
