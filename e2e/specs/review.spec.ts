import { randomBytes } from 'node:crypto';
import { expect, test } from '../support/fixtures.ts';

/** Journey 7: a customer's review at /dashboard/add-review shows on the landing page (PRODUCT.md §2). */

test('a 4/5 review shows on the landing page as 4/5 under the customer’s name', async ({ page, customer }) => {
  const comment = `Fitted the brake discs in an hour, no noise since. #${randomBytes(3).toString('hex')}`;

  await page.goto('/dashboard/add-review');
  await expect(page.getByLabel('Name')).toHaveValue(customer.name);
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: '4 out of 5' }).click();
  await expect(page.getByText('Your rating: 4/5')).toBeVisible();
  await page.getByRole('button', { name: 'Add review' }).click();
  await expect(page.getByText('Review added')).toBeVisible();
  await expect(page.getByLabel('Comment'), 'the form is cleared for another review').toHaveValue('');

  await page.goto('/');
  const review = page
    .getByRole('region', { name: 'What our clients say' })
    .getByRole('listitem')
    .filter({ hasText: comment });
  await expect(review).toHaveCount(1);
  await expect(review).toContainText('4/5');
  await expect(review).toContainText(customer.name);
});

test('a review needs a rating: none chosen says so and nothing is posted', async ({ page, customer }) => {
  const comment = `No rating here #${randomBytes(3).toString('hex')}`;
  await page.goto('/dashboard/add-review');
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Add review' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a rating from 1 to 5' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'What our clients say' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  await expect(page.getByText(customer.name)).toHaveCount(1); // the navbar's, no review's
});
