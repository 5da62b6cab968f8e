import auth from '../locales/en/auth.json';
import cart from '../locales/en/cart.json';
import catalogue from '../locales/en/catalogue.json';
import common from '../locales/en/common.json';
import errors from '../locales/en/errors.json';

export const resources = { common, errors, catalogue, auth, cart };
