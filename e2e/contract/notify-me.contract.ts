import { expect, expectSeeOther, formOf, locationOf, test, textOf } from '../support/contract';

test.describe('notify-me without JavaScript', () => {
  test('a visitor is sent to sign in with the page to come back to; a fan asks once, twice changes nothing', async ({ visitor, fan }) => {
    const asked = await visitor.http.get('/products/young/notify-me', { maxRedirects: 0 });
    expect([asked.status(), locationOf(asked)]).toEqual([302, '/login?redirectUri=%2Fproducts%2Fyoung%2Fnotify-me']);

    const page = await fan.browser.open('/products/young/notify-me');
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('Avvisami quando Young 11–13 torna disponibile');
    const form = formOf(page);
    expectSeeOther(await fan.browser.submit(form), '/products/young/notify-me');
    // The same form sent again (a second tab): the same answer, one request kept.
    expectSeeOther(await fan.browser.submit(form), '/products/young/notify-me');
    const after = textOf((await fan.browser.open('/products/young/notify-me')).html);
    expect(after).toContain(`ti scriveremo a ${fan.fan.email}`);
    const list = textOf((await fan.browser.open('/account/notify-me')).html);
    expect(list.match(/Young 11–13/g)?.length).toBe(1);
  });
});
