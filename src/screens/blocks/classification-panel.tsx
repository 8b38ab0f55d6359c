/**
 * Home's classification panel (rules §2, §4 "Classification"): the model's label for the open
 * email, a Yes / No question about it (and Neither, for an email about something else, which
 * teaches the classifier nothing), then a thanks. Hidden when the feature is not offered to
 * the user (rules §6) and when the email is NOT_APPLICABLE. The wording of the question and the thanks
 * is ours: the spec gives only the error message (rules §8).
 */
import { Body1, Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { MailItem } from '../../../hosts/host';
import type { Account } from '../../api/contract/account';
import type { User } from '../../api/contract/user';
import { useClassification } from './use-classification';

export const CLASSIFICATION_TEXT = {
  loading: 'Classifying this email...',
  question: (label: string) => `Is this email about ${label}?`,
  thanks: 'Thank you for your feedback.',
} as const;

/** Fluent's small button: its height, the tallest part of the question. */
const QUESTION_BUTTONS_HEIGHT = '24px';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    // The question's height (a line, the gap, a row of small buttons) from the start: the spinner,
    // the question and the thanks take the same room, so the blocks below never move under a
    // pointer about to click one when the answer arrives.
    minHeight: `calc(${tokens.lineHeightBase300} + ${tokens.spacingVerticalS} + ${QUESTION_BUTTONS_HEIGHT} + 2 * ${tokens.spacingVerticalS} + 2 * ${tokens.strokeWidthThin})`,
    boxSizing: 'border-box',
  },
  question: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  answers: { display: 'flex', gap: tokens.spacingHorizontalS },
  spinner: { justifyContent: 'flex-start' },
  // Focused only by the code above, never by Tab: no ring around a line of text.
  thanks: { margin: 0, ...typographyStyles.body1, ':focus': { outlineStyle: 'none' } },
});

export function ClassificationPanel(props: { user: User | undefined; account: Account | null; item: MailItem }) {
  const styles = useStyles();
  const { state, answer } = useClassification(props);
  const thanks = useRef<HTMLParagraphElement>(null);
  const answered = state?.status === 'CLASSIFIED' && state.answered;
  useEffect(() => {
    // The answer's button is gone with the question: the focus, lost with it, moves to the thanks,
    // so the next Tab goes on from the panel instead of the top of the page.
    if (answered && (document.activeElement === null || document.activeElement === document.body)) thanks.current?.focus();
  }, [answered]);
  if (state === null || state.status === 'NOT_APPLICABLE') return null;
  // One live region from the first "Classifying..." to the answer or the error: each is read as it comes.
  return (
    <section aria-label="Email classification" aria-live="polite" className={state.status === 'ERROR' ? undefined : styles.panel}>
      {state.status === 'ERROR' ? (
        <MessageBar intent="error">
          <MessageBarBody>{state.error}</MessageBarBody>
        </MessageBar>
      ) : state.status === 'LOADING' ? (
        <Spinner size="extra-tiny" className={styles.spinner} label={CLASSIFICATION_TEXT.loading} />
      ) : state.answered ? (
        <p ref={thanks} tabIndex={-1} className={styles.thanks}>
          {CLASSIFICATION_TEXT.thanks}
        </p>
      ) : (
        <div className={styles.question}>
          <Body1>{CLASSIFICATION_TEXT.question(state.classification)}</Body1>
          {/* Side by side under the question, so a narrow pane never parts Yes from No. Neither is
              for an email about something else: a No would teach the other label. */}
          <div className={styles.answers}>
            <Button size="small" onClick={() => answer('yes')}>
              Yes
            </Button>
            <Button size="small" onClick={() => answer('no')}>
              No
            </Button>
            <Button size="small" appearance="subtle" onClick={() => answer('neither')}>
              Neither
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
