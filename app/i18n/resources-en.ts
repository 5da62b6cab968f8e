import account from '../locales/en/account.json';
import addresses from '../locales/en/addresses.json';
import auth from '../locales/en/auth.json';
import cart from '../locales/en/cart.json';
import catalogue from '../locales/en/catalogue.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';
import forms from '../locales/en/forms.json';
import notify from '../locales/en/notify.json';
import dev from '../locales/en/dev.json';
import configure from '../locales/en/configure.json';
import configureParts from '../locales/en/configureParts.json';
import checkout from '../locales/en/checkout.json';
import orders from '../locales/en/orders.json';
import combobox from '../locales/en/combobox.json';

export const resources = { common, errors, forms, catalogue, auth, cart, account, addresses, notify, dev, configure, configureParts, checkout, orders, combobox };
