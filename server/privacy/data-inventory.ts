/**
 * What Cannery stores and sends, reviewed by hand and kept beside the code: the privacy policy
 * (/privacy), the stores' privacy declarations (npm run package:stores) and the reviewers' notes
 * are written from it. `tests/server/data-inventory.test.ts` holds it to the code: every column of
 * every table in the Drizzle schema is in exactly one category below, and every place the server
 * or the clients open a connection (fetch, SMTP, DNS, the AWS SDK, OpenID discovery, a script from
 * another origin...) is one of the outgoing calls below. A new column or a new call fails that test
 * until it is described here.
 *
 * Each category also says which of its tables hold a person's rows and which column ties a row to
 * them (`person`): a person's export and erasure (server/privacy/person-data.ts, erasure.ts) read
 * that list and nothing else, and the test holds every table with a person's column to it.
 */

export interface StoredCategory {
  id: string;
  /** The heading on the privacy page. */
  title: string;
  /** What it is and why Cannery keeps it, for the people it is about. */
  description: string;
  /** Whether it can hold what someone wrote in an email (the public's words), not only staff's. */
  holdsEmailText: boolean;
  /** Table name to the columns of it in this category. */
  columns: Readonly<Record<string, readonly string[]>>;
  /** The tables of the category that hold people's rows, and how a row is tied to one person. */
  person?: Readonly<Record<string, PersonLink>>;
}

/**
 * What erasing a person does to the rows a column ties to them: `delete` them; `anonymise` them
 * (records kept for statistics and history), the column set to the person's anonymous id and each
 * column of `clear` to null or to the anonymous marker (a column that cannot be empty); or
 * `sign-in`: the user pool deletes them with the person's sign-in.
 */
export type PersonErasure = { erase: 'delete' } | { erase: 'anonymise'; clear?: Readonly<Record<string, null | 'marker'>> } | { erase: 'sign-in' };

export interface PersonLink {
  /**
   * What the columns hold: the member's id (`users.id`, rows of one account, by `account_id`),
   * their sign-in's id (`users.cognito_sub`) or their email address (rows of the deployment).
   */
  by: 'member' | 'sign-in' | 'address';
  /** The columns that name the person: a row is theirs when any of them does. */
  columns: Readonly<Record<string, PersonErasure>>;
  /** Columns the export leaves out: credentials (password verifiers, sealed secrets, hashes of codes and tokens). */
  withheld?: readonly string[];
}

const DELETE = { erase: 'delete' } as const;
const SIGN_IN = { erase: 'sign-in' } as const;
const ANONYMISE = { erase: 'anonymise' } as const;
/** A staff member's record kept for statistics: the address and the subs they signed in with go too. */
const STATISTIC = { erase: 'anonymise', clear: { user_email: 'marker', cognito_sub: null, microsoft_sub: null } } as const;

export const STORED: readonly StoredCategory[] = [
  {
    id: 'account',
    title: "Your office's account and teams",
    description:
      "The office's name, its teams, the email domains it proved it owns (with the DNS token used to prove them), its sign-in rules (work-account tenants and domains, two-step policy), its support address, its synonyms for search, its settings for Home, its time zone and the languages it writes its blocks in, whether a team requires editors' changes to be approved, which team answers each shared mailbox or alias it mapped, and how long it keeps usage records, sessions, classification answers, what was learned and mail.",
    holdsEmailText: false,
    columns: {
      accounts: ['id', 'name', 'has_phone_flow_access', 'email_classification_on', 'email_classification_teams', 'mfa_policy', 'support_email', 'most_frequent_count', 'work_account_domains', 'work_account_team', 'work_account_tenants', 'synonyms', 'synonyms_version', 'time_zone', 'languages', 'created_at'],
      account_domains: ['account_id', 'domain', 'token', 'verified_at', 'verified_by', 'created_at'],
      teams: ['id', 'account_id', 'name', 'created_at', 'blocks_version', 'checklists_version', 'archived_at', 'require_review'],
      mailbox_teams: ['account_id', 'address', 'team_id', 'created_at'],
      account_retention: ['account_id', 'usage_days', 'session_days', 'classification_days', 'learning_days', 'mail_days', 'updated_at', 'swept_at'],
    },
  },
  {
    id: 'people',
    title: 'Staff members',
    description:
      "Each staff member's email address and name, the teams they belong to, administer and edit, whether they get the weekly mail of their due reviews (and when it was last sent), how they sign in (password or work account, with the work account's identifier and issuer), whether their access is turned off, and when they joined and were last seen.",
    holdsEmailText: false,
    columns: {
      users: ['id', 'email', 'account_id', 'teams', 'admin_teams', 'editor_teams', 'review_mail', 'review_mail_at', 'cognito_sub', 'microsoft_sub', 'cognito_issuer', 'microsoft_issuer', 'account_admin', 'name', 'sign_in', 'disabled_at', 'joined_at', 'last_seen_at', 'created_at'],
    },
    person: { users: { by: 'member', columns: { id: DELETE } } },
  },
  {
    id: 'sign-in',
    title: 'Passwords and sign-in',
    description:
      'For password sign-in, the built-in user pool keeps a username, email address and name, a password verifier (SRP salt and verifier: the password itself is never stored or sent), the authenticator-app secret sealed with a key only the server holds, devices the user chose to remember (name and last IP address), hashed one-time codes and refresh tokens, and counters of failed attempts that slow down password guessing.',
    holdsEmailText: false,
    columns: {
      identity_users: ['id', 'pool_id', 'username', 'email', 'email_verified', 'name', 'srp_salt', 'srp_verifier', 'status', 'enabled', 'failed_attempts', 'first_failed_at', 'locked_until', 'password_changed_at', 'totp_secret', 'totp_pending_secret', 'totp_enabled', 'totp_preferred', 'totp_name', 'totp_last_step', 'created_at', 'updated_at'],
      identity_devices: ['device_key', 'user_id', 'group_key', 'name', 'srp_salt', 'srp_verifier', 'remembered', 'last_ip', 'created_at', 'updated_at', 'last_authenticated_at'],
      identity_auth_sessions: ['id', 'pool_id', 'kind', 'username', 'user_id', 'srp_state', 'device_key', 'stage', 'attempts', 'created_at', 'expires_at', 'used_at'],
      identity_refresh_tokens: ['id', 'family_id', 'token_hash', 'user_id', 'client_id', 'auth_time', 'created_at', 'expires_at', 'revoked_at', 'rotated_at'],
      identity_verification_codes: ['id', 'user_id', 'purpose', 'code_hash', 'attempts', 'created_at', 'expires_at'],
      identity_rate_windows: ['key', 'window_start', 'count', 'expires_at'],
      identity_unknown_failures: ['key', 'failed_attempts', 'first_failed_at', 'locked_until', 'expires_at'],
    },
    person: {
      identity_users: { by: 'sign-in', columns: { id: SIGN_IN }, withheld: ['srp_salt', 'srp_verifier', 'totp_secret', 'totp_pending_secret'] },
      identity_devices: { by: 'sign-in', columns: { user_id: SIGN_IN }, withheld: ['srp_salt', 'srp_verifier'] },
      identity_auth_sessions: { by: 'sign-in', columns: { user_id: SIGN_IN }, withheld: ['srp_state'] },
      identity_refresh_tokens: { by: 'sign-in', columns: { user_id: SIGN_IN }, withheld: ['token_hash'] },
      identity_verification_codes: { by: 'sign-in', columns: { user_id: SIGN_IN }, withheld: ['code_hash'] },
    },
  },
  {
    id: 'content',
    title: 'Blocks, checklists and favourites',
    description:
      "What the office writes for its answers: blocks (saved replies, with their categories, Cc, subject line, attachments, example questions and shortcut, and their text in the account's other languages), every earlier version of each with who changed it, the days each block and checklist is shown, who owns it, how often it is reviewed and when it last was, changes drafted or scheduled and not yet published (with who drafted and who approved them), blocks staff suggest and the decision on them, checklists, and each staff member's favourite blocks.",
    holdsEmailText: false,
    columns: {
      blocks: ['id', 'account_id', 'team_id', 'name', 'body', 'categories', 'supported_contexts', 'cc', 'subject_line', 'attachments', 'examples', 'created_at', 'updated_at', 'version', 'deleted_at', 'shortcut', 'variants', 'show_from', 'show_until', 'owner_user_id', 'review_every_days', 'reviewed_at', 'archived_at'],
      block_versions: ['block_id', 'version', 'account_id', 'team_id', 'name', 'body', 'categories', 'supported_contexts', 'cc', 'subject_line', 'attachments', 'examples', 'shortcut', 'variants', 'show_from', 'show_until', 'author_user_id', 'action', 'created_at'],
      suggested_auto_responses: ['id', 'account_id', 'team_id', 'user_id', 'user_email', 'name', 'body', 'supported_contexts', 'cognito_sub', 'microsoft_sub', 'created_at', 'status', 'decided_at', 'decided_by', 'note', 'block_id', 'language'],
      block_drafts: ['id', 'account_id', 'team_id', 'block_id', 'base_version', 'content', 'author_user_id', 'state', 'publish_at', 'decided_by_user_id', 'decided_at', 'published_version', 'created_at'],
      checklists: ['id', 'account_id', 'team_id', 'name', 'tasks', 'block_ids', 'categories', 'created_at', 'updated_at', 'version', 'deleted_at', 'show_from', 'show_until', 'owner_user_id', 'review_every_days', 'reviewed_at', 'archived_at'],
      favourites: ['user_id', 'block_id', 'account_id', 'added_at'],
    },
    person: {
      // What the office wrote stays the office's: only who wrote, approved or keeps it is anonymised.
      blocks: { by: 'member', columns: { owner_user_id: ANONYMISE } },
      block_versions: { by: 'member', columns: { author_user_id: ANONYMISE } },
      suggested_auto_responses: { by: 'member', columns: { user_id: DELETE, decided_by: ANONYMISE } },
      block_drafts: { by: 'member', columns: { author_user_id: ANONYMISE, decided_by_user_id: ANONYMISE } },
      checklists: { by: 'member', columns: { owner_user_id: ANONYMISE } },
      favourites: { by: 'member', columns: { user_id: DELETE } },
    },
  },
  {
    id: 'usage',
    title: 'Usage records',
    description:
      "Which block a staff member inserted, when, where (Outlook, Gmail, a text field) and with the block's Cc, subject, attachments and text at that moment (as the office wrote it, before its variables were filled in), usage sessions (start, end, teams), the shared mailbox or alias a use or session came from (its address only), the language of the text inserted, checklists run, and an audit trail of the changes administrators and the operator made (who, from which network address, when, and which fields or settings changed, kept as long as the operator's retention says; when a person's data is erased, their entries keep what happened but name them by an anonymous id, without their address). The address the reply went to and the email's own text are not recorded.",
    holdsEmailText: false,
    columns: {
      sent_auto_responses: ['id', 'account_id', 'team_id', 'user_id', 'user_email', 'auto_response_id', 'auto_response_name', 'auto_response_content', 'time_sent', 'supported_contexts', 'context_used', 'ui_source', 'cognito_sub', 'microsoft_sub', 'categories', 'cc', 'subject_line', 'attachments', 'idempotency_key', 'created_at', 'mailbox', 'language'],
      sessions: ['id', 'account_id', 'user_id', 'user_sub', 'start_time', 'end_time', 'context', 'teams', 'user_email', 'update_interval', 'cognito_sub', 'microsoft_sub', 'idempotency_key', 'created_at', 'mailbox'],
      recorded_checklists: ['id', 'account_id', 'team_id', 'user_id', 'phone_flow_id', 'name', 'tasks', 'blocks', 'blocks_sent', 'user_email', 'cognito_sub', 'microsoft_sub', 'start_time', 'end_time', 'categories', 'idempotency_key', 'created_at'],
      audit_events: ['id', 'account_id', 'team_id', 'actor_user_id', 'via', 'actor_address', 'action', 'entity_kind', 'entity_id', 'changes', 'at'],
      audit_retention: ['only', 'days'],
    },
    person: {
      sent_auto_responses: { by: 'member', columns: { user_id: STATISTIC } },
      sessions: { by: 'member', columns: { user_id: { erase: 'anonymise', clear: { ...STATISTIC.clear, user_sub: 'marker' } } } },
      recorded_checklists: { by: 'member', columns: { user_id: STATISTIC } },
      audit_events: { by: 'member', columns: { actor_user_id: { erase: 'anonymise', clear: { actor_address: null } }, entity_id: ANONYMISE } },
    },
  },
  {
    id: 'email-classification',
    title: 'Email text, where the office turned classification on',
    description:
      "When an office turns on email classification, the text of an email a staff member has open is sent to the server to be classified (election or recorder); when the staff member corrects the classification, that email's text is kept with the model's answer and theirs, to measure and improve it. The classifier keeps counts of words per class. Learning from staff's choices keeps hashed terms of emails (never their text) with the block chosen, for as long as CANNERY_LEARNING_RETENTION_DAYS says.",
    holdsEmailText: true,
    columns: {
      classification_outcomes: ['id', 'account_id', 'user_id', 'email_body', 'user_email', 'classification_from_model', 'actual_classification', 'user_answer', 'cognito_sub', 'microsoft_sub', 'created_at'],
      classifier_states: ['account_id', 'version', 'election_docs', 'recorder_docs', 'election_words', 'recorder_words', 'updated_at'],
      classifier_word_counts: ['account_id', 'word', 'election', 'recorder'],
      learned_associations: ['team_id', 'account_id', 'term', 'block_id', 'weight', 'updated_at'],
      team_learning: ['team_id', 'account_id', 'uses', 'since', 'last_use_at'],
    },
    person: { classification_outcomes: { by: 'member', columns: { user_id: STATISTIC } } },
  },
  {
    id: 'mail',
    title: 'Mail Cannery sends',
    description:
      'Invitations and password-reset codes wait in a queue until they are sent: the recipient, subject and text, how many attempts were made and the last error. A sent message is discarded after its retention time.',
    holdsEmailText: false,
    columns: {
      mail_queue: ['id', 'kind', 'to_address', 'subject', 'body', 'status', 'attempts', 'next_attempt_at', 'discard_after', 'created_at', 'sent_at', 'last_error'],
    },
    person: { mail_queue: { by: 'address', columns: { to_address: DELETE } } },
  },
  {
    id: 'server-keys',
    title: "The server's own keys",
    description: 'Keys the server signs sign-in tokens and seals secrets with. They are about no one.',
    holdsEmailText: false,
    columns: {
      identity_data_keys: ['pool_id', 'key', 'created_at'],
      identity_signing_keys: ['kid', 'pool_id', 'algorithm', 'private_key_pem', 'public_jwk', 'created_at', 'retired_at'],
      sso_stand_in_keys: ['issuer', 'private_jwk', 'cookie_secret', 'created_at'],
    },
  },
];

/** A place the code opens a connection to somewhere, and what goes there. */
export interface OutgoingCall {
  id: string;
  /** Who runs it: the server, or the clients (task pane, extension, admin app) in the user's browser. */
  from: 'server' | 'clients';
  /** Where it goes. */
  to: string;
  /** What is sent, for the privacy page. */
  sends: string;
  /** The source files that make it (paths from the project's root); the test finds them. */
  files: readonly string[];
}

export const OUTGOING: readonly OutgoingCall[] = [
  {
    id: 'smtp',
    from: 'server',
    to: "the office's mail server (CANNERY_SMTP_URL)",
    sends: 'invitations and password-reset codes: the recipient address, the subject and the text of the message',
    files: ['server/mail/transport.ts'],
  },
  {
    id: 'sso',
    from: 'server',
    to: "the work-account provider the office trusts (Microsoft Entra ID or another OpenID Connect issuer)",
    sends: "the sign-in exchange: Cannery's client credentials, the one-time code the provider returned and requests for the provider's public keys and configuration; nothing about blocks or email",
    files: ['server/sso/broker.ts', 'server/sso/setup.ts', 'server/auth/verifier.ts'],
  },
  {
    id: 'cognito',
    from: 'server',
    to: 'AWS Cognito (deployments on AWS that use a Cognito user pool)',
    sends: "staff members' email addresses and names when an administrator adds, changes or removes them",
    files: ['server/identity/provisioning-cognito.ts'],
  },
  {
    id: 'dns',
    from: 'server',
    to: "DNS servers (CANNERY_DNS_SERVERS, or the system's)",
    sends: 'a TXT lookup of a domain an office asks to prove it owns',
    files: ['server/people/domains.ts'],
  },
  {
    id: 'telemetry',
    from: 'server',
    to: "the office's OpenTelemetry collector (OTEL_EXPORTER_OTLP_ENDPOINT), when one is set",
    sends: "counts and timings of the server's own work (requests by route, sign-ins by outcome, mail, database) and traces of its requests by route: no names, addresses, ids or text",
    files: ['server/observability/node.ts'],
  },
  {
    id: 'aws-secrets',
    from: 'server',
    to: "the AWS Lambda secrets extension on the function's own machine (deployments on AWS)",
    sends: "the name of a secret the server needs at start",
    files: ['server/entry/lambda-secrets.ts'],
  },
  {
    id: 'cannery-api',
    from: 'clients',
    to: "the office's Cannery server (its API and user pool)",
    sends:
      "the staff member's sign-in (username, the password proof, never the password; or the work account's token), requests for blocks and checklists, the use of a block (which block, where, when), and, for suggestions and classification, the text of the email that is open",
    files: ['src/api/client.ts', 'src/auth/amplify-config.ts', 'src/auth/user-pool.ts', 'src/admin/api/people.ts', 'src/admin/api/transfer.ts', 'src/admin/api/csv-file.ts', 'src/admin/api/person-data.ts', 'hosts/shared/extension-services.ts'],
  },
  {
    id: 'sign-in-window',
    from: 'clients',
    to: "the work-account provider's sign-in page, in a window or an Office dialog",
    sends: 'what the staff member types into that page (it is the provider\'s page, not Cannery\'s)',
    files: ['src/auth/sso.ts', 'hosts/outlook/adapter.ts'],
  },
  {
    id: 'office-js',
    from: 'clients',
    to: "Microsoft's Office.js library (appsforoffice.microsoft.com), loaded by the Outlook task pane as every Outlook add-in does",
    sends: 'a request for the library; Outlook itself runs the add-in',
    files: ['hosts/outlook/taskpane.html'],
  },
];
