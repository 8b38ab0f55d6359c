/** Where users write for help: the customer-support box's mailto link and its fallback text. */
export const SUPPORT_EMAIL = 'support@cannery.app';
