import { atom } from 'jotai';

/**
 * Whether the server accepted a suggestion since the success screen last showed: set by the suggest
 * screen only when the suggestions route (`ACCOUNT_ROUTES.suggestions`) answered, taken by the success screen, so that
 * screen congratulates only a user who really suggested something (a reload or a typed address
 * goes Home instead). App state, not a screen's, as two routes share it.
 */
export const suggestionAcceptedAtom = atom(false);
