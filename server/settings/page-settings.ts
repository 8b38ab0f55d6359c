/**
 * The settings of the privacy, terms and support pages (server/privacy/pages.ts): who runs the
 * server and how to reach them. Part of the settings table: schema.ts spreads them into SETTINGS.
 */
import { reader } from './readers';
import { spec } from './spec';
import { readOperatorContact } from './values';

export const PAGE_SETTINGS = {
  CANNERY_OPERATOR_NAME: spec({
    section: 'product', deploy: 'both', defaultNote: "the public origin's host name",
    description: 'who runs this Cannery server (an office, a county, a company), named on /privacy, /terms and /support as the one responsible for the data',
    type: reader((value) => value?.trim().slice(0, 200) || undefined),
  }),
  CANNERY_OPERATOR_CONTACT: spec({
    section: 'product', deploy: 'both', defaultNote: 'unset (the pages send people to their office\'s Cannery administrator)',
    description: 'where people reach the operator about privacy and support: an email address, or an https:// page',
    type: reader(readOperatorContact),
  }),
};
