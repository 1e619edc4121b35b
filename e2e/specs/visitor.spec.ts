import type { Page } from '@playwright/test';
import { listParts, listReviews } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { setScreenWidth } from '../support/screenshots.ts';

/** Journey 1: what a visitor who is not signed in sees (PRODUCT.md §1, §2, §9). */

const STATS = [
  ['120M+', 'Annual revenue'],
  ['33K+', 'Reviews'],
  ['50+', 'Tools'],
  ['100+', 'Customers served'],
] as const;

const BLOG_QUESTIONS = [
  'How do you improve the performance of a React application?',
  'How does prototypal inheritance work?',
  'Why should you write unit tests?',
  'How do you find products by name in an array of products?',
  'What are the different ways to manage state in a React application?',
];

const FOOTER_COLUMNS = {
  Services: ['Branding', 'Design', 'Marketing', 'Advertisement'],
  Company: ['About us', 'Contact', 'Jobs', 'Press kit'],
  Legal: ['Terms of use', 'Privacy policy', 'Cookie policy'],
};

test('the landing page shows the hero, the first 3 parts, the stats, the partners and the reviews', async ({
  page,
  request,
}) => {
  const parts = await listParts(request);
  const reviews = await listReviews(request);
  const partners = (await (await request.get('/partners.json')).json()) as Array<{ name: string }>;
  expect(parts.length, 'the demo catalogue has more than 3 parts, so "only the first 3" is tested').toBeGreaterThan(3);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts that keep every engine turning' })).toBeVisible();

  const cards = page.getByRole('region', { name: 'Car parts' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const [index, part] of parts.slice(0, 3).entries()) {
    await expect(cards.nth(index).getByRole('heading', { name: part.name })).toBeVisible();
    await expect(cards.nth(index).getByRole('link', { name: `Purchase ${part.name}` })).toHaveAttribute(
      'href',
      `/purchase/${part._id}`,
    );
  }
  await expect(page.getByText(parts[3]!.name, { exact: true })).toHaveCount(0);

  const stats = page.getByRole('region', { name: 'Millions of parts, thousands of happy workshops' });
  for (const [value, label] of STATS) {
    await expect(stats.getByRole('definition').filter({ hasText: value })).toBeVisible();
    await expect(stats.getByRole('term').filter({ hasText: label })).toBeVisible();
  }

  const logos = page.getByRole('region', { name: 'Our partners' }).getByRole('img');
  await expect(logos).toHaveCount(partners.length);
  for (const partner of partners) await expect(logos.and(page.getByAltText(partner.name))).toHaveCount(1);

  // Other specs may add reviews while this one runs: every review that existed before is shown, as x/5.
  const reviewCards = page.getByRole('region', { name: 'What our clients say' }).getByRole('listitem');
  for (const review of reviews) {
    await expect(
      reviewCards
        .filter({ hasText: review.name })
        .filter({ hasText: `${review.rating}/5` })
        .first(),
    ).toBeVisible();
  }
});

test('the contact form checks the email, sends the message and confirms in a toast', async ({ page }) => {
  await page.goto('/');
  const contact = page.getByRole('region', { name: "Let's talk about your next order" });
  await contact.scrollIntoViewIfNeeded();
  const send = contact.getByRole('button', { name: 'Get Started' });
  await expect(send).toBeVisible();

  await contact.getByLabel('Email').fill('not-an-email');
  await contact.getByLabel('Subject').fill('Bulk brake pads');
  await contact.getByLabel('Message').fill('We need 400 sets of brake pads every quarter. Can you quote?');
  await send.click();
  await expect(contact.getByText('Enter a valid email address')).toBeVisible();

  await contact.getByLabel('Email').fill('fleet.manager@torque.test');
  await send.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Thank you! Your message is on its way' })).toBeVisible();
  await expect(contact.getByLabel('Message')).toHaveValue('');
});

test('the blogs page answers the five front-end questions', async ({ page }) => {
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blogs' })).toBeVisible();
  const answers = page.getByRole('article');
  await expect(answers).toHaveCount(BLOG_QUESTIONS.length);
  for (const [index, question] of BLOG_QUESTIONS.entries()) {
    await expect(answers.nth(index).getByRole('heading', { level: 2, name: question })).toBeVisible();
  }
});

test('the portfolio page shows education, technologies and project links', async ({ page }) => {
  await page.goto('/my-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Jordan Avery' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Education' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Technologies' }).getByRole('listitem')).not.toHaveCount(0);
  const projects = page.getByRole('region', { name: 'Projects' });
  await expect(projects.getByRole('link', { name: 'Open the site' })).toHaveAttribute('href', '/');
});

test('an unknown address shows the 404 page, with a way home', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('main img[src$="not-found.svg"]')).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Parts that keep every engine turning' })).toBeVisible();
});

test('the navbar offers Home, Parts, Blogs, My Portfolio and Login but no Dashboard, on wide and small screens', async ({
  page,
}) => {
  await page.goto('/blogs');
  await expectSignedOutNavbar(page);

  await setScreenWidth(page, 390);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectSignedOutNavbar(page);
});

test('the footer has its three link columns and the bottom bar', async ({ page }) => {
  await page.goto('/my-portfolio');
  const footer = page.getByRole('contentinfo');
  for (const [column, links] of Object.entries(FOOTER_COLUMNS)) {
    await expect(footer.getByRole('navigation', { name: column }).getByRole('listitem')).toHaveText(links);
  }
  await expect(footer.getByText('Providing reliable tech since 1992')).toBeVisible();
  await expect(footer.getByRole('list', { name: 'Social media' }).getByRole('button')).toHaveCount(3);
});

async function expectSignedOutNavbar(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText(['Home', 'Parts', 'Blogs', 'My Portfolio', 'Login']);
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
}
