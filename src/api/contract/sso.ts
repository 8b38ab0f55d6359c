import { z } from './zod';
import { lineText } from './text';

/**
 * The work-account token exchanges (rules §7 `complete-pkce`, `refresh-tokens`; rules §3 "SSO token
 * response"). They run before a sign-in exists, so they carry no bearer token.
 */

/** RFC 7636 §4.1: 43 to 128 characters from the unreserved set (the app makes 128). */
export const codeVerifier = /* @__PURE__ */ z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/, 'must be 43 to 128 unreserved characters');
/** A page that finishes the sign-in; the server accepts only the registered ones. */
const redirectUri = /* @__PURE__ */ lineText(2048).min(1);

export const completePkceBody = /* @__PURE__ */ z.object({
  code: /* @__PURE__ */ lineText(4096).min(1),
  codeVerifier,
  redirectUri,
});
export type CompletePkceBody = z.infer<typeof completePkceBody>;

export const refreshTokensBody = /* @__PURE__ */ z.object({
  refreshToken: /* @__PURE__ */ lineText(16_384).min(1),
  redirectUri,
});
export type RefreshTokensBody = z.infer<typeof refreshTokensBody>;

/** Exactly the three tokens; a response missing one is no sign-in (rules §5: the client logs out). */
export const ssoTokens = z.object({
  access_token: z.string().min(1),
  id_token: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type SsoTokens = z.infer<typeof ssoTokens>;
