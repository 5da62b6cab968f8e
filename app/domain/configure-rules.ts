import type { ConfigureRules } from './configure';
import { readCustomisationText } from './customisation-text';
import { checkGiftDraft } from './gift';
import { HOLDER_RULE } from './holder-check';

/** Every part's rule: what the cart service (and the tests) check a configuration with. */
export const ALL_CONFIGURE_RULES: ConfigureRules = {
  holder: HOLDER_RULE,
  gift: checkGiftDraft,
  customization: readCustomisationText,
};
