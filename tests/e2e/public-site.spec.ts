/** The public site: every page's headline, the landing page's behaviour, help, careers and contact. */
import { expect, test } from '@playwright/test';
import { PRICING_PLANS } from '@shared/constants/plans';

const headlines = [
  ['/', 'The AI Edge for Options Trading'],
  ['/about', 'About'],
  ['/features', 'Features'],
  ['/careers', 'Careers'],
  ['/contact', 'Contact Us'],
  ['/help', 'Help Center'],
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/pricing', 'Pricing'],
] as const;

test('every public route renders its headline', async ({ page }) => {
  for (const [path, headline] of headlines) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: headline, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Last updated January 19, 2025')).toHaveCount(0);
  await page.goto('/terms');
  await expect(page.getByText('Last updated January 19, 2025')).toBeVisible();
});

test('landing: the nav blurs after scrolling and View Pricing scrolls to the plans', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('banner');
  await expect(banner).toHaveAttribute('data-scrolled', 'false');

  const pricing = page.locator('#pricing');
  await expect(pricing).not.toBeInViewport();
  await page.getByRole('button', { name: 'View Pricing' }).click();
  await expect(pricing).toBeInViewport();
  await expect(banner).toHaveAttribute('data-scrolled', 'true');
  await expect(page.getByRole('heading', { name: 'Simple, Transparent Pricing' })).toBeFocused();

  for (const plan of PRICING_PLANS) {
    await expect(pricing.getByText(`$${plan.price}`, { exact: true })).toBeVisible();
    await expect(pricing.getByRole('link', { name: `Start Free Trial with ${plan.name}` })).toHaveAttribute(
      'href',
      '/signup',
    );
  }
  await expect(pricing.getByText('Most Popular')).toBeVisible();

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(banner).toHaveAttribute('data-scrolled', 'false');
  await expect(page.getByRole('link', { name: 'Start 7-Day Free Trial' }).first()).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toHaveCount(3);
});

test('help: search filters articles, an article opens and goes back, and the FAQ opens one at a time', async ({
  page,
}) => {
  await page.goto('/help');
  const search = page.getByLabel('Search help articles');
  await search.fill('IV CRUSH');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('button', { name: /IV Rank and Choosing a Strategy/ })).toBeVisible();
  await expect(results.getByRole('listitem')).toHaveCount(1);

  await search.fill('no-such-topic-xyz');
  await expect(page.getByText('No articles found')).toBeVisible();

  await search.fill('');
  await page
    .getByRole('button', { name: /Understanding Edge Scores/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Understanding Edge Scores' })).toBeVisible();
  await expect(page.getByRole('article').getByText('80-100 excellent', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: '← Back to Help Center' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();

  const first = page.getByRole('button', { name: 'How does the free trial work?' });
  const second = page.getByRole('button', { name: 'Can I cancel at any time?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/no credit card is required/).first()).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');

  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Live Chat', exact: true })).toHaveAttribute(
    'href',
    '/dashboard/research',
  );
});

test('careers: Apply Now and Send Resume are mailto links with their subjects', async ({ page }) => {
  await page.goto('/careers');
  await expect(page.getByRole('link', { name: /^Apply Now/ })).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Apply Now for AI/ML Engineer' })).toHaveAttribute(
    'href',
    `mailto:careers@edgeoptions.app?subject=${encodeURIComponent('Application: AI/ML Engineer')}`,
  );
  await expect(page.getByRole('link', { name: 'Send Resume' })).toHaveAttribute(
    'href',
    'mailto:careers@edgeoptions.app?subject=Resume',
  );
});

test('contact: the form shows field errors and sends nothing when invalid', async ({ page }) => {
  const contactRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/contact') contactRequests.push(request.method());
  });
  await page.goto('/contact');
  await expect(page.getByLabel('Category')).toHaveValue('general');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByLabel('Full name')).toHaveAccessibleDescription('This field is required.');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address.');
  await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Message', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveValue('not-an-email');
  expect(contactRequests).toEqual([]);

  await expect(page.getByRole('link', { name: 'Live Chat', exact: true })).toHaveAttribute(
    'href',
    '/dashboard/research',
  );
  await expect(page.getByRole('link', { name: 'Emergency Support' })).toHaveAttribute('href', /^mailto:/);
});

for (const width of [1440, 390]) {
  test(`landing page screenshot at ${width} px`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'The AI Edge for Options Trading' }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const path = testInfo.outputPath(`landing-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`landing-${width}`, { path, contentType: 'image/png' });
  });
}
