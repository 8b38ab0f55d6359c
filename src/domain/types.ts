/**
 * Plain domain shapes of the spec's entities (rules §3), as the rules in `src/domain` see them.
 *
 * These are deliberately free of validation libraries and of host types: the API layer parses wire
 * data into these shapes, and the pure rules (search, recommendations, grouping, team choice) work
 * on them in the browser, in the extension and on the server alike.
 */

/** Where a block may be used: the Outlook add-in, Gmail, or any text field (rules §3 "supportedContexts"). */
export type SupportedContext = 'outlook' | 'gmail' | 'text_input';

/** A file a block attaches when it is inserted. */
export interface BlockAttachment {
  name: string;
  url: string;
}

/** A saved reply ("auto response"). `body` is HTML; `team` is the owning team's `_id`. */
export interface Block {
  _id: string;
  name: string;
  body: string;
  /** Category names; absent or empty means uncategorised. */
  categories?: string[];
  /** The owning account's `_id`. */
  account: string;
  /** The owning team's `_id`. */
  team: string;
  supportedContexts: SupportedContext[];
  /** Addresses added to Cc when the block is used. */
  cc?: string[];
  subjectLine?: string;
  attachments?: BlockAttachment[];
  /**
   * Questions people ask, in their own words, that this block answers ("my absentee thing never
   * came"): admins write them; recommendations match emails against them, search does not.
   */
  examples?: string[];
  /** What a member types, then a space, to insert the block (`block-shortcut.ts`). */
  shortcut?: string;
  /** Its text in other languages than the default (`block-variants.ts`). */
  variants?: BlockVariant[];
}

/** A block's text in one language other than the default (`block-variants.ts`, `languages.ts`). */
export interface BlockVariant {
  language: string;
  name: string;
  body: string;
  subjectLine?: string;
  attachments?: BlockAttachment[];
  /** Questions people ask in this language that the block answers (recommendations read them). */
  examples?: string[];
  /** Set when the default-language text changed after this variant was last saved. */
  needsUpdate?: boolean;
}

/** One step of a checklist. */
export interface ChecklistTask {
  name: string;
}

/** A guided task list ("phone flow") that also recommends blocks by id. */
export interface Checklist {
  _id: string;
  name: string;
  team: string;
  tasks: ChecklistTask[];
  /** `_id`s of the blocks this checklist recommends. */
  blocks: string[];
  categories?: string[];
}

export interface Team {
  _id: string;
  name: string;
}

/** The identity-provider subject of a user (user pool or work account). */
export interface AuthSubject {
  sub: string;
}

/** A signed-in user. `teams` and `adminTeams` hold team `_id`s. */
export interface User {
  _id: string;
  email: string;
  /** The user's account `_id`. */
  account: string;
  teams: string[];
  adminTeams: string[];
  cognitoAuth?: AuthSubject;
  microsoftAuth?: AuthSubject;
}

/** The account fields the app reads (rules §3 "Account"); other fields are not shown by the spec. */
export interface Account {
  _id: string;
  hasPhoneFlowAccess: boolean;
  emailClassificationFeature: {
    on: boolean;
    /** Team `_id`s for which classification is offered. */
    teams: string[];
  };
}

/** The team choice saved locally between sessions (rules §3 "Saved team choice"). */
export interface SavedTeamChoice {
  _id: string;
  accountId: string;
  name: string;
}
