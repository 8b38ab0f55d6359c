/**
 * The end-to-end suite's servers (playwright.config.ts `webServer`): the main one on `E2E_PORT`
 * (8799 unless set; the e2e extension build is made for 8799), and one whose tokens are short-lived.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8799);

/** The server whose ID and access tokens live `SHORT_TOKENS.seconds`: refresh runs every 10 s there. */
export const SHORT_TOKENS_PORT = E2E_PORT + 1;

export const SHORT_TOKENS = {
  /** Above the client's 60 s refresh lead (rules §9), so each token is renewed 10 s after it was issued. */
  seconds: 70,
  /** The API's tolerance for clocks apart (server/auth/verifier.ts). */
  clockToleranceSeconds: 5,
  url: `http://localhost:${SHORT_TOKENS_PORT}`,
} as const;

/** The main server's session idle time (`CANNERY_SESSION_IDLE_MINUTES`), not the default 30. */
export const SESSION_IDLE_MINUTES = 20;

/** Port of the fake Outlook page server-security.spec.ts serves on loopback (its own origin). */
export const FAKE_OUTLOOK_PORT = E2E_PORT + 5;

/**
 * A stand-in for Outlook on the web's origin: the e2e servers allow it to frame the task pane
 * (CANNERY_FRAME_ANCESTORS). It is on loopback like the server, so the browser's rules for public
 * pages reaching local addresses do not get in the way; 127.0.0.1 is another site than localhost.
 */
export const FAKE_OUTLOOK_ORIGIN = `http://127.0.0.1:${FAKE_OUTLOOK_PORT}`;

/** The DNS server the e2e servers prove domains with (CANNERY_DNS_SERVERS); domains.spec.ts runs it. */
export const E2E_DNS_PORT = E2E_PORT + 9;
