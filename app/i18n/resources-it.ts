import auth from '../locales/it/auth.json';
import cart from '../locales/it/cart.json';
import catalogue from '../locales/it/catalogue.json';
import common from '../locales/it/common.json';
import errors from '../locales/it/errors.json';

export const resources = { common, errors, catalogue, auth, cart };
