import { expect, test } from './support/test';
import { expectNoAxeViolations } from './support/axe';
import { saveAddress } from './pages/cart';
import { CHECKOUT_TEXTS, openCheckoutWithMembershipTerms, paidGiftInCart } from './pages/checkout';
import { signUpFanWithProfile } from './pages/configure';
import { HostedCheckout, PAYMENT_TEXTS } from './pages/payment';

// Money you can trust (issue 29), as a fan meets it, with and without JavaScript: an order paid in
// two tabs keeps one payment, gives the other back and says so; the receipt tells the order's
// payment history; a return the PSP never gave is a 400.

const TEXTS = {
  en: {
    paidTwice: 'Your order was already paid. A second payment also reached us: we are cancelling it, so you are not charged twice. We have sent you an e-mail about it.',
    history: 'Payment history',
    paid: 'Payment of €15 received',
    secondGivenBack: 'A second payment of €15 came in: we are cancelling it, so you are not charged twice',
    released: 'The cancelled payment of €15 has been released',
    errorHeading: 'Payment error',
  },
  it: {
    paidTwice:
      "Il tuo ordine era già pagato. Ci è arrivato anche un secondo pagamento: lo stiamo annullando, così non ti viene addebitato due volte. Ti abbiamo scritto un'e-mail.",
    history: 'Storia del pagamento',
    paid: 'Pagamento di 15 € ricevuto',
    secondGivenBack: 'È arrivato un secondo pagamento di 15 €: lo stiamo annullando, così non ti viene addebitato due volte',
    released: 'Il pagamento annullato di 15 € è stato liberato',
    errorHeading: 'Errore di pagamento',
  },
} as const;

for (const language of ['en', 'it'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'Italian'}`, () => {
    test.use({ language });

    test(`one order paid in two tabs: one payment kept, the other given back and said so, the receipt’s payment history (${language})`, async ({ page, auth }) => {
      test.setTimeout(150_000);
      const texts = TEXTS[language];
      await signUpFanWithProfile(page, auth, language);
      await saveAddress(page.request, {
        countryCode: 'IT',
        provinceCode: 'TO',
        cityCode: 'L219',
        postalCode: '10121',
        street: 'Via Roma',
        number: '1',
      });
      await paidGiftInCart(page.request);
      await openCheckoutWithMembershipTerms(page, language);

      await test.step('tab 1: pay by card opens the PSP’s page, and waits there', async () => {
        await page
          .getByRole('button', {
            name: CHECKOUT_TEXTS[language].pay,
            exact: true,
          })
          .click();
        await new HostedCheckout(page, language).expectOpen();
      });

      const second = await page.context().newPage();
      const orderId = await test.step('tab 2: the order’s pay page, PayPal, approved: paid', async () => {
        await second.goto('/account/orders');
        await second.getByRole('link', { name: /\d{9}/ }).first().click();
        await expect(second).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
        const id = new URL(second.url()).pathname.split('/').pop()!;
        await second.goto(`/payment?orderId=${id}`);
        await second.getByRole('radio', { name: PAYMENT_TEXTS[language].paypal }).check();
        await second
          .getByRole('button', {
            name: PAYMENT_TEXTS[language].continueToPayment,
          })
          .click();
        await new HostedCheckout(second, language).approvePayPal();
        await expect(second).toHaveURL(new RegExp(`/thankyou\\?orderId=${id}$`));
        return id;
      });

      await test.step('tab 1 pays too: the thank-you page says the order was already paid and this payment goes back', async () => {
        await new HostedCheckout(page, language).payByCard('APPROVED');
        await expect(page).toHaveURL(new RegExp(`/thankyou\\?orderId=${orderId}$`));
        await expect(page.getByRole('status').filter({ hasText: texts.paidTwice })).toBeVisible();
        await expectNoAxeViolations(page);
      });

      await test.step('the receipt tells the payment history, the second payment released once the PSP confirms', async () => {
        await page.goto(`/account/orders/${orderId}`);
        const history = page.getByRole('region', { name: texts.history });
        await expect(history.getByRole('listitem').filter({ hasText: texts.paid })).toHaveCount(1);
        await expect(history.getByRole('listitem').filter({ hasText: texts.secondGivenBack })).toHaveCount(1);
        // The simulator delivers the reversal's outcome within seconds.
        await expect(async () => {
          await page.reload();
          await expect(page.getByRole('region', { name: texts.history }).getByRole('listitem').filter({ hasText: texts.released })).toHaveCount(1);
        }).toPass({ timeout: 30_000 });
        await expectNoAxeViolations(page);
      });
      await second.close();
    });

    // The return is secured (issue 30): a signed-in fan brings the forged result.
    test(`a return the PSP never gave (forged, or too long) is the error page with a 400 (${language})`, async ({ page, fan: _signedIn }) => {
      for (const url of ['/paymentgateway/card?redirectResult=forged-by-hand', `/paymentgateway/paypal?redirectResult=${'x'.repeat(5000)}`]) {
        const response = await page.goto(url);
        expect(response?.status()).toBe(400);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[language].errorHeading);
      }
      await expectNoAxeViolations(page);
    });
  });
}
