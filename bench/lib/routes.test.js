// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTES, selectRoutes, shippedItemPathIn, waiverItemsIn } from './routes.js';
import { BenchError } from './server.js';

test('shippedItemPathIn finds the address page of the first item that ships, from its temporary-address link', () => {
  const id = '0b6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d';
  const html = `<a href="/cart">Cart</a><a href="/cart/${id}/temporary">Use an address for this item only</a><a href="/cart/${id.replace('0b', '1c')}/temporary">`;
  assert.equal(shippedItemPathIn(html), `/cart/${id}`);
  assert.equal(shippedItemPathIn(`<a href="/cart">Cart</a><a href="/cart/${id}">Choose a shipping address</a>`), `/cart/${id}`);
  assert.equal(shippedItemPathIn('<a href="/cart">Cart</a><a href="/cart/not-an-id/temporary">'), null);
});

test('waiverItemsIn finds the items of the waiver forms, not of the other forms', () => {
  const [removed, waived, other] = ['0b6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d', '1c6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d', '2d6a1e2c-3d4f-4a5b-8c6d-7e8f9a0b1c2d'];
  const form = (id, inside) => `<form method="post"><input type="hidden" name="itemId" value="${id}"/>${inside}</form>`;
  const html = [
    form(removed, '<button name="intent" value="remove">Delete</button>'),
    form(waived, '<input type="checkbox" name="waiver" value="on"/><button name="intent" value="waiver">Save</button>'),
    form(other, '<button name="intent" value="remove">Delete</button>'),
  ].join('');
  assert.deepEqual(waiverItemsIn(html), [waived]);
  assert.deepEqual(waiverItemsIn('<p>empty cart</p>'), []);
});

test('every route has a unique name, and a page budget where it is a page', () => {
  const names = ROUTES.map((route) => route.name);
  assert.equal(new Set(names).size, names.length);
  for (const name of ['cart, 10 items', 'item address page', 'temporary address form', 'buy form', 'checkout']) {
    assert.equal(ROUTES.find((route) => route.name === name)?.hydrates, true, name);
  }
});

test('selectRoutes keeps the table\'s order, takes every route when none is named, refuses an unknown name', () => {
  assert.deepEqual(selectRoutes(['cart, 10 items', 'floor']).map((route) => route.name), ['floor', 'cart, 10 items']);
  assert.equal(selectRoutes([]), ROUTES);
  assert.throws(() => selectRoutes(['floor', 'cart']), (error) => error instanceof BenchError && /"cart"/.test(error.message) && !/"floor";/.test(error.message));
});
