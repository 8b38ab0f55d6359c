/**
 * The classification panel's state (rules §4 "Classification", §7). Which emails are classified is
 * in `domain/classification-rules.ts`; what is sent is `domain/classification-text.ts`.
 * - Another item (id or mode) shows LOADING and is classified at once; an edit of the same item is
 *   classified again once it stood still for `EDIT_PAUSE_MS`, the panel keeping what it showed.
 *   Before the host reports any item: LOADING. An empty scrubbed text, or an email among the last
 *   `REMEMBERED_ANSWERS` answered (ids kept in host storage): NOT_APPLICABLE, nothing sent.
 * - Only email is classified: in a text field on a web page the panel is not offered at all.
 * - The thank-you shows as soon as the user answers and stays until another item opens; the
 *   outcome is posted meanwhile, a failure only logged (rules §7).
 * - Scrubbing (rules §5) and its census names are imported dynamically once the feature is offered:
 *   LOADING until they are there, ERROR if they cannot be loaded, so a body is never sent scrubbed
 *   with less than every rule. Display names are scrubbed too.
 * Why: docs/decisions/classification-panel.md.
 */
import { useEffect, useMemo, useState } from 'react';
import { EMPTY_ITEM, type MailItem } from '../../../hosts/host';
import { classifyText, postClassificationOutcome } from '../../api/classify';
import type { Account } from '../../api/contract/account';
import { labelFromAnswer, type Classification, type ClassificationAnswer } from '../../api/contract/classification';
import type { User } from '../../api/contract/user';
import { useAuthServices } from '../../auth/auth-services';
import { useHost } from '../../state/host-context';
import { useStoredValue } from '../../state/use-stored-value';
import { classificationApplies, classificationOffered } from '../../domain/classification-rules';
import { loadScrubbing, type Scrubbing } from '../../tracking/scrubbing';

/** How many answered emails are remembered so they are not asked about again. */
export const REMEMBERED_ANSWERS = 200;
/** Host storage key of those emails' item keys. */
export const ANSWERED_EMAILS_KEY = 'classificationAnswered';

const asItemKeys = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((key): key is string => typeof key === 'string') : []);
const NO_ITEM_KEYS: string[] = [];

/** How long an edit of the open item must stand still before it is classified again. */
export const EDIT_PAUSE_MS = 1500;

/** Rules §8. */
export const CLASSIFICATION_ERROR = 'Error classifying email. Please reload the add-in to try again.';

/** Rules §3 "Classification state"; `answered` once the user said Yes or No. */
export type ClassificationState =
  | { status: 'LOADING' }
  | { status: 'NOT_APPLICABLE' }
  | { status: 'CLASSIFIED'; classification: Classification; answered: boolean }
  | { status: 'ERROR'; error: string };

/** What the open item asks of the classifier. */
type Plan = { kind: 'waiting' } | { kind: 'not-applicable' } | { kind: 'classify'; text: string };

interface Target {
  /** Which item this is about: another key is another email. */
  itemKey: string;
  plan: Plan;
  /** Item and plan together: a change of it is a change worth classifying again. */
  key: string;
}

/** The model's answer for one target, with the scrubbed text it labelled. */
interface Answer {
  key: string;
  outcome: { classification: Classification; text: string } | { error: string };
}

type ScrubbingLoad = { status: 'loading' } | { status: 'ready'; scrubbing: Scrubbing } | { status: 'failed' };

function useScrubbing(wanted: boolean): ScrubbingLoad {
  const [load, setLoad] = useState<ScrubbingLoad>({ status: 'loading' });
  useEffect(() => {
    if (!wanted || load.status === 'ready') return;
    let current = true;
    loadScrubbing().then(
      (loaded) => {
        if (current) setLoad({ status: 'ready', scrubbing: loaded });
      },
      (error: unknown) => {
        console.warn('Loading the personal-data scrubbing failed', error);
        if (current) setLoad({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, load.status]);
  return load;
}

/** Only an item with an id can be told from another later: a new message without one cannot. */
function rememberable(itemKey: string): boolean {
  return !itemKey.endsWith('\u0000');
}

function displayNamesOf(item: MailItem): string[] {
  return [item.sender, ...item.recipients].flatMap((address) => (address?.displayName ? [address.displayName] : []));
}

function targetOf(item: MailItem, userEmail: string, scrub: Scrubbing | null): Target {
  const itemKey = `${item.mode}\u0000${item.itemId ?? ''}`;
  let plan: Plan;
  // Hosts report a fresh object for every read (hosts/host.ts): EMPTY_ITEM itself is "not read yet".
  if (item === EMPTY_ITEM) plan = { kind: 'waiting' };
  else if (!classificationApplies(item, userEmail)) plan = { kind: 'not-applicable' };
  else if (!scrub) plan = { kind: 'waiting' };
  else {
    const text = scrub.prepare(item.bodyText, { namesData: scrub.namesData, personNames: displayNamesOf(item) });
    plan = text ? { kind: 'classify', text } : { kind: 'not-applicable' };
  }
  return { itemKey, plan, key: `${itemKey}\u0000${plan.kind}\u0000${plan.kind === 'classify' ? plan.text : ''}` };
}

const NO_TARGET: Target = { itemKey: '', plan: { kind: 'waiting' }, key: '' };

export interface Classifier {
  /** Null when the feature is not offered to this user (rules §6): the panel is not shown at all. */
  state: ClassificationState | null;
  /** The user's Yes (`true`) or No to the question; ignored unless a question is shown. */
  answer: (answer: ClassificationAnswer) => void;
}

export function useClassification(props: { user: User | undefined; account: Account | null; item: MailItem }): Classifier {
  const { user, account, item } = props;
  const { api } = useAuthServices();
  const host = useHost();
  const offered = host.context !== 'text_input' && user !== undefined && classificationOffered(account?.emailClassificationFeature, user);
  const userEmail = user?.email ?? '';
  const scrubbing = useScrubbing(offered);
  const scrub = scrubbing.status === 'ready' ? scrubbing.scrubbing : null;
  const latest = useMemo(() => (offered ? targetOf(item, userEmail, scrub) : NO_TARGET), [offered, item, userEmail, scrub]);
  const [settled, setSettled] = useState<Target>(latest);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [answeredItem, setAnsweredItem] = useState<{ itemKey: string; classification: Classification } | null>(null);
  const answeredEmails = useStoredValue(ANSWERED_EMAILS_KEY, asItemKeys, NO_ITEM_KEYS);
  // Another item counts at once; an edit of the same item waits for `settled` (below).
  const current = latest.itemKey === settled.itemKey ? settled : latest;
  // Answered on an earlier visit (this visit's answer shows its thanks instead).
  const answeredBefore = rememberable(current.itemKey) && answeredEmails.value.includes(current.itemKey) && answeredItem?.itemKey !== current.itemKey;
  const mayClassify = answeredEmails.loaded && !answeredBefore;
  // The thanks is for the email just answered: once another opens, coming back shows nothing.
  useEffect(() => {
    if (answeredItem && answeredItem.itemKey !== current.itemKey) setAnsweredItem(null);
  }, [answeredItem, current.itemKey]);

  useEffect(() => {
    if (latest.key === settled.key) return;
    // Another item, or the first plan after waiting (for the item or the scrubbing), counts at once.
    if (latest.itemKey !== settled.itemKey || settled.plan.kind === 'waiting') {
      setSettled(latest);
      return;
    }
    if (answeredItem?.itemKey === latest.itemKey) return;
    const timer = setTimeout(() => setSettled(latest), EDIT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [latest, settled, answeredItem]);

  useEffect(() => {
    if (current.plan.kind !== 'classify' || !mayClassify) return;
    const { key } = current;
    const { text } = current.plan;
    const controller = new AbortController();
    classifyText(api, text, controller.signal).then(
      (classification) => {
        if (!controller.signal.aborted) setAnswer({ key, outcome: { classification, text } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Classifying the email failed', error);
        setAnswer({ key, outcome: { error: CLASSIFICATION_ERROR } });
      },
    );
    return () => controller.abort();
  }, [api, current, mayClassify]);

  const shown = answer?.key === current.key ? answer.outcome : null;
  let state: ClassificationState | null;
  if (!offered) state = null;
  else if (answeredItem?.itemKey === current.itemKey) state = { status: 'CLASSIFIED', classification: answeredItem.classification, answered: true };
  else if (current.plan.kind === 'not-applicable' || answeredBefore) state = { status: 'NOT_APPLICABLE' };
  else if (scrubbing.status === 'failed') state = { status: 'ERROR', error: CLASSIFICATION_ERROR };
  else if (current.plan.kind === 'waiting' || !shown) state = { status: 'LOADING' };
  else if ('error' in shown) state = { status: 'ERROR', error: shown.error };
  else state = { status: 'CLASSIFIED', classification: shown.classification, answered: false };

  const respond = (given: ClassificationAnswer) => {
    if (!user || state?.status !== 'CLASSIFIED' || state.answered || !shown || 'error' in shown) return;
    const fromModel = shown.classification;
    void postClassificationOutcome(api, {
      // The scrubbed text the model labelled, never the raw body.
      emailBody: shown.text,
      userEmail: user.email,
      classificationFromModel: fromModel,
      // Exactly what the user said, and the label it gives (none for Neither: nothing wrong is taught).
      userAnswer: given,
      actualClassification: labelFromAnswer(given, fromModel),
      cognitoSub: user.cognitoAuth?.sub ?? null,
      microsoftSub: user.microsoftAuth?.sub ?? null,
    });
    setAnsweredItem({ itemKey: current.itemKey, classification: fromModel });
    if (rememberable(current.itemKey)) {
      answeredEmails.set([...answeredEmails.value.filter((key) => key !== current.itemKey), current.itemKey].slice(-REMEMBERED_ANSWERS));
    }
  };

  return { state, answer: respond };
}

