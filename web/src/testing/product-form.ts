import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Add Product's fields as a person fills them (labels → typed text). */
export const productValues = {
  Name: 'Timing Belt',
  Description: 'Reinforced rubber timing belt.',
  'Minimun Quantity': '20',
  'Available Quantity': '300',
  Price: '18.50',
  'Image Link': '/images/parts/timing-belt.svg',
  'Weight (g)': '450',
};

/** Types each value into the field of that label inside `box`. */
export async function fillFields(user: UserEvent, box: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(within(box).getByLabelText(label), value);
}
