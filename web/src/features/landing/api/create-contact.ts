import type { ContactInput } from '@torque/contract';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/http.ts';

export interface ContactReceipt {
  _id: string;
  received: true;
}

/** `POST /api/contact`: the landing page's "Get Started" message. */
export function createContact(input: ContactInput): Promise<ContactReceipt> {
  return request<ContactReceipt>('/api/contact', { method: 'POST', body: input });
}

export function useCreateContact() {
  return useMutation({ mutationFn: createContact });
}
