import account from '../locales/it/account.json';
import addresses from '../locales/it/addresses.json';
import auth from '../locales/it/auth.json';
import cart from '../locales/it/cart.json';
import catalogue from '../locales/it/catalogue.json';
import common from '../locales/it/common.json';
import errors from '../locales/it/errors.json';
import forms from '../locales/it/forms.json';
import notify from '../locales/it/notify.json';
import dev from '../locales/it/dev.json';
import configure from '../locales/it/configure.json';
import configureParts from '../locales/it/configureParts.json';
import checkout from '../locales/it/checkout.json';
import orders from '../locales/it/orders.json';
import combobox from '../locales/it/combobox.json';

export const resources = { common, errors, forms, catalogue, auth, cart, account, addresses, notify, dev, configure, configureParts, checkout, orders, combobox };
