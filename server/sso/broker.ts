import * as client from 'openid-client';
import type { Logger } from '../logger';

/**
 * The server's half of the work-account sign-in (rules §7 `complete-pkce`, `refresh-tokens`): the
 * browser gets an authorization code from the provider with PKCE, and the server redeems it at
 * the provider's token endpoint. Redeeming on the server lets a confidential client secret stay
 * off the user's machine; the code verifier still binds the code to the browser that asked.
 */

/** What the client receives, exactly (rules §3 "SSO token response"). */
export interface SsoTokens {
  access_token: string;
  id_token: string;
  refresh_token: string;
}

/** Why the provider would not issue tokens; the routes turn it into a 400 or 401. */
export class SsoGrantError extends Error {
  /** The OAuth `error` the provider answered (`invalid_grant`, ...), or `incomplete_response`. */
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = 'SsoGrantError';
    this.reason = reason;
  }
}

/** The provider could not be reached or answered nonsense; nothing the user can fix. */
export class SsoUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SsoUnavailableError';
  }
}

export interface SsoBrokerOptions {
  /** The provider's issuer; its discovery document is read from `{issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Set for a confidential client (client_secret_post); a public client relies on PKCE alone. */
  clientSecret?: string | undefined;
  /** Redirect URIs the clients may name; anything else is refused, so no code goes elsewhere. */
  redirectUris: string[];
  /**
   * Provider metadata to use instead of discovery, for the in-process stand-in: the server reaches
   * its own stand-in over loopback HTTP, which discovery at the public issuer cannot describe.
   */
  server?: client.ServerMetadata;
  /** Lets the token calls use plain HTTP (only for the stand-in on loopback). */
  allowHttp?: boolean;
  logger: Logger;
}

export interface SsoBroker {
  readonly issuer: string;
  readonly clientId: string;
  isAllowedRedirectUri(uri: string): boolean;
  /** Redeems an authorization code (PKCE) for the three tokens. */
  completePkce(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<SsoTokens>;
  /** Trades a refresh token for fresh tokens. */
  refresh(input: { refreshToken: string }): Promise<SsoTokens>;
}

/** Redirect URIs compare as parsed URLs, so `HTTPS://Host/` and `https://host/` are one address. */
function normalizeUri(uri: string): string | null {
  try {
    const url = new URL(uri);
    // A fragment is never part of a redirect URI (RFC 6749 §3.1.2), so one can never match.
    if (url.hash) return null;
    return url.href;
  } catch {
    return null;
  }
}

function tokensFrom(response: client.TokenEndpointResponse, fallbackRefreshToken?: string): SsoTokens {
  const refreshToken = response.refresh_token ?? fallbackRefreshToken;
  if (!response.access_token || !response.id_token || !refreshToken) {
    // The client logs out on a response without all three (rules §5), so say so here instead.
    throw new SsoGrantError('incomplete_response', 'The provider did not issue an access, ID and refresh token.');
  }
  return { access_token: response.access_token, id_token: response.id_token, refresh_token: refreshToken };
}

export function createSsoBroker(options: SsoBrokerOptions): SsoBroker {
  const allowed = new Set(options.redirectUris.map(normalizeUri).filter((uri): uri is string => uri !== null));
  const clientAuth = options.clientSecret ? client.ClientSecretPost(options.clientSecret) : client.None();
  let configuration: Promise<client.Configuration> | undefined;

  const configure = async (): Promise<client.Configuration> => {
    if (options.server) {
      const config = new client.Configuration(options.server, options.clientId, options.clientSecret, clientAuth);
      if (options.allowHttp) client.allowInsecureRequests(config);
      return config;
    }
    const execute = options.allowHttp ? [client.allowInsecureRequests] : [];
    return client.discovery(new URL(options.issuer), options.clientId, options.clientSecret, clientAuth, { execute });
  };

  const getConfiguration = (): Promise<client.Configuration> => {
    configuration ??= configure().catch((error: unknown) => {
      // Forget a failed discovery so the next sign-in tries again instead of failing until restart.
      configuration = undefined;
      throw new SsoUnavailableError('The work-account provider could not be reached.', { cause: error });
    });
    return configuration;
  };

  /** Runs a grant, sorting the provider's refusals from outages; details go to the log only. */
  const grant = async (what: string, run: (config: client.Configuration) => Promise<client.TokenEndpointResponse>) => {
    const config = await getConfiguration();
    try {
      return await run(config);
    } catch (error) {
      if (error instanceof client.ResponseBodyError) {
        options.logger.warn({ grant: what, error: error.error, status: error.status }, 'work-account provider refused a grant');
        throw new SsoGrantError(error.error, 'The work-account provider refused the request.');
      }
      if (error instanceof client.ClientError || error instanceof client.AuthorizationResponseError) {
        options.logger.warn({ grant: what, code: (error as { code?: string }).code, message: error.message }, 'work-account provider answer rejected');
        throw new SsoGrantError('invalid_response', 'The work-account provider answered something unusable.');
      }
      options.logger.error({ grant: what, err: error }, 'work-account provider unreachable');
      throw new SsoUnavailableError('The work-account provider could not be reached.', { cause: error });
    }
  };

  return {
    issuer: options.issuer,
    clientId: options.clientId,
    isAllowedRedirectUri: (uri) => {
      const normalized = normalizeUri(uri);
      return normalized !== null && allowed.has(normalized);
    },
    async completePkce({ code, codeVerifier, redirectUri }) {
      const response = await grant('authorization_code', (config) =>
        // The code came back in the URL fragment, which the browser keeps to itself, so the
        // callback-URL helpers do not apply: this is the token request of RFC 6749 §4.1.3 with
        // the PKCE verifier of RFC 7636 §4.5, and openid-client still validates the ID token.
        client.genericGrantRequest(config, 'authorization_code', {
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        }),
      );
      return tokensFrom(response);
    },
    async refresh({ refreshToken }) {
      const response = await grant('refresh_token', (config) => client.refreshTokenGrant(config, refreshToken));
      // Providers that do not rotate refresh tokens leave the old one valid, so hand it back.
      return tokensFrom(response, refreshToken);
    },
  };
}
