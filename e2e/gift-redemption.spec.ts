import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { showShopIn } from './support/shop';
import { newFan } from './pages/auth';
import { signUpFanWithProfile } from './pages/configure';
import { GIFT_TEXTS, giveBlackAndWhite, giveMembership } from './pages/gift';
import { MEMBERSHIP_TEXTS } from './pages/memberships';
import { MARIOS_FORM, marioAged } from './pages/profile';

// Redeeming a gift (issue 15), with and without JavaScript: bought and paid by one fan, its link
// mailed to the recipient, who accepts it and chooses its holder; the link is theirs afterwards,
// and My Membership lists it under Redeemed for them and Gifted for the gifter.

for (const language of ['it', 'en'] as const) {
  test.describe(`redeeming a gift (${language})`, () => {
    test.use({ language });

    test('a gift bought → the mail → another fan accepts it and holds it → the link is theirs alone', async ({ page, auth }) => {
      test.setTimeout(300_000);
      const texts = GIFT_TEXTS[language];
      const gifter = await signUpFanWithProfile(page, auth, language);
      const recipientEmail = `gift-${language}-${Date.now()}@example.org`;
      const link = await test.step('the gifter buys Black & White for a friend: the link goes to the friend', () => giveBlackAndWhite(page, language, recipientEmail));
      const membershipCode = new URL(link, 'http://shop').searchParams.get('code') ?? '';
      await showShopIn(page, 'en');
      await page.goto('/products');
      await auth.signOut();

      await signUpFanWithProfile(page, auth, language);
      await test.step('the recipient opens the link: who gave it, the message, and the confirm step', async () => {
        await page.goto(link);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.confirmTitle(gifter.firstName));
        await expect(page.getByText('Forza!')).toBeVisible();
        await expect(page.getByRole('link', { name: texts.backHome })).toHaveAttribute('href', '/');
        await expectNoAxeViolations(page);
        // Both terms boxes first (spec: gift redemption needs both): one left empty is named in the summary.
        await page.getByLabel(texts.membershipTerms).check();
        await page.getByRole('button', { name: texts.accept }).click();
        const summary = page.getByRole('alert').filter({ has: page.getByRole('list') });
        await expect(summary.getByRole('link')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.confirmTitle(gifter.firstName));
        await expectNoAxeViolations(page);
        await page.getByLabel(texts.membershipTerms).check();
        await page.getByLabel(texts.guardianDeclaration).check();
        await page.getByRole('button', { name: texts.accept }).click();
      });

      await test.step('the holder choice: the configure form’s, its rules and error summary for a minor', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.holderTitle(texts.product));
        await expect(page.getByRole('link', { name: texts.forMe })).toHaveAttribute('aria-current', 'true');
        await expectNoAxeViolations(page);
        await page.getByRole('link', { name: texts.forMinor }).click();
        await expect(page.getByRole('link', { name: texts.forMinor })).toHaveAttribute('aria-current', 'true');
        await page.getByRole('button', { name: texts.activate }).click();
        const summary = page.getByRole('alert').filter({ has: page.getByRole('list') });
        await expect(summary).toBeVisible();
        await expect(summary.getByRole('link').first()).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole('link', { name: texts.forMe }).click();
        await expect(page.getByRole('link', { name: texts.forMe })).toHaveAttribute('aria-current', 'true');
        await expect(summary).toHaveCount(0);
        await page.getByRole('button', { name: texts.activate }).click();
      });

      await test.step('activated: the thank-you page says so; the link now says it is used up', async () => {
        await expect(page).toHaveURL(/\/thankyou\?gift=1&product=black-and-white$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.giftActive);
        await expect(page.getByRole('status')).toContainText(texts.activated(texts.product));
        const again = await page.goto(link);
        expect(again?.status()).toBe(409);
        await expect(page.getByRole('alert')).toHaveText(texts.alreadyRedeemed);
        await expectNoAxeViolations(page);
      });

      await test.step('My Membership lists it under Redeemed, held by them, active (its season is under way)', async () => {
        await page.goto('/mymembership/manage?tab=redeemed');
        const listed = page.getByRole('listitem').filter({ hasText: membershipCode });
        await expect(listed).toContainText(texts.product);
        await expect(listed).toContainText(MEMBERSHIP_TEXTS[language].active);
        await page.goto('/mymembership/manage');
        await expect(page.getByRole('listitem').filter({ hasText: membershipCode })).toBeVisible();
      });

      await test.step('anyone else, the gifter too, is refused with the label and its code', async () => {
        await showShopIn(page, 'en');
        await page.goto('/products');
        await auth.signOut();
        await page.goto('/login');
        await auth.submitSignIn(gifter.email, gifter.password);
        await expect(page.getByText(`Hello, ${gifter.firstName}`)).toBeVisible({ timeout: 30_000 });
        await showShopIn(page, language);
        const refused = await page.goto(link);
        expect(refused?.status()).toBe(409);
        await expect(page.getByRole('alert')).toHaveText(texts.taken);
        await expect(page.getByText('GIFT_ALREADY_REDEEMED')).toBeVisible();
        await expect(page.getByRole('button', { name: texts.accept })).toHaveCount(0);
        await expectNoAxeViolations(page);
        await page.goto('/mymembership/manage?tab=gifted');
        await expect(page.getByRole('listitem').filter({ hasText: membershipCode })).toContainText(texts.product);
      });
    });
  });
}

test.describe('redeem links that lead nowhere', () => {
  test.use({ language: 'en' });

  test('without both codes → home; the misspelt path → the same page; a wrong code → the label and code', async ({ page, fan: _signedIn }) => {
    await page.goto('/redeem-gift?code=JM0000000000');
    await expect(page).toHaveURL(/\/products$/);
    // The worker's fan has no profile: completing it comes first, and comes back here.
    await page.goto('/reedem-gift?code=JM0000000000&giftCode=0000000000000000');
    await expect(page).toHaveURL(/\/redeem-gift\?code=JM0000000000&giftCode=0000000000000000$/);
    await expect(page.getByRole('link', { name: /Complete your profile/ })).toHaveAttribute('href', /redirectUri=%2Fredeem-gift%3Fcode%3DJM0000000000/);
  });

  test('a fan under 16 cannot redeem: minors cannot be managers', async ({ page, auth }) => {
    await auth.signUp(newFan('Mario'));
    // Mario Rossi born in Rome on 1 January 2012: under 16 until 2028.
    const saved = await page.request.post('/account/profile/complete', { form: { ...MARIOS_FORM, dob: '2012-01-01', taxCode: 'RSSMRA12A01H501D' } });
    expect(saved.ok()).toBe(true);
    await showShopIn(page, 'en');
    const answer = await page.goto('/redeem-gift?code=JM0000000000&giftCode=0000000000000000');
    expect(answer?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(GIFT_TEXTS.en.managerWrongTitle);
    await expectNoAxeViolations(page);
  });

  test('a fan of 17 and a Junior gift: told why before claiming it (409), the claim refused, the gift left for an adult', async ({ page, auth }) => {
    test.setTimeout(300_000);
    const texts = GIFT_TEXTS.en;
    await signUpFanWithProfile(page, auth, 'en');
    const link = await test.step('a fan gives Junior 5–10 and pays', () =>
      giveMembership(page, 'en', `gift-junior-${Date.now()}@example.org`, { productId: 'junior', amount: /.+/ }));
    await page.goto('/products');
    await auth.signOut();

    await auth.signUp(newFan('Mario'));
    const saved = await page.request.post('/account/profile/complete', { form: marioAged(17) });
    expect(saved.ok()).toBe(true);
    await showShopIn(page, 'en');
    const answer = await page.goto(link);
    expect(answer?.status()).toBe(409);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.noHolderFitsTitle);
    await expect(page.getByRole('alert')).toHaveText(texts.noHolderFits('Junior 5–10'));
    await expect(page.getByRole('button', { name: texts.accept })).toHaveCount(0);
    await expectNoAxeViolations(page);
    // A claim sent anyway (a page from before): the same words, and nothing taken on.
    const claimed = await page.request.post(link, { form: { intent: 'redeem', membershipTerms: 'on', guardianDeclaration: 'on' }, maxRedirects: 0 });
    expect(claimed.status()).toBe(409);
    expect(await page.goto(link).then((again) => again?.status())).toBe(409);
  });

  test('a code that is no gift: the label and its code, 404', async ({ page, auth }) => {
    await signUpFanWithProfile(page, auth, 'it');
    const answer = await page.goto('/redeem-gift?code=JM0000000000&giftCode=0000000000000000');
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole('alert')).toHaveText(GIFT_TEXTS.it.notFound);
    await expect(page.getByText('GIFT_NOT_FOUND')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
