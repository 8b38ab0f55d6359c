import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  Badge,
  Dropdown,
  Field,
  Option,
  Input,
  makeStyles,
  Tab,
  TabList,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular } from '@fluentui/react-icons';
import { SAMPLE_EMAILS, type MailStore, type PlaygroundMode } from './mail-store';

const useStyles = makeStyles({
  window: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalXL,
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    minHeight: 0,
    overflow: 'auto',
  },
  header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  // Two fields side by side, one above the other in a narrow window (a phone, 400% zoom).
  row: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalM, '@media (max-width: 760px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  composeBody: {
    minHeight: '240px',
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorNeutralBackground1,
    outline: 'none',
    lineHeight: tokens.lineHeightBase300,
    ':focus-visible': { border: `1px solid ${tokens.colorBrandStroke1}` },
    // As a mail client's editor: the first paragraph starts at the top, not a line below it.
    '& > :first-child': { marginTop: 0 },
  },
  attachments: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

function useMailState(store: MailStore) {
  return useSyncExternalStore(store.subscribe, store.getState);
}

/**
 * The simulated mail window: switch between reading an email and writing one, edit every field the
 * task pane reads, and write in a body that takes insertions at the caret.
 */
export function MailSimulator(props: { store: MailStore }) {
  const { store } = props;
  const state = useMailState(store);
  const styles = useStyles();

  // The caret the user left in the body is where an insertion goes. The browser tells of a caret
  // move with `selectionchange` in a later task (Chrome: at its next frame), so focus can leave the
  // body, for the pane, before the last move was told; by then the selection is in the pane and
  // that event records nothing. `focusout` runs while the selection is still in the body: it
  // records the caret as the user left it.
  useEffect(() => {
    const remember = () => store.rememberSelection(document.getSelection());
    document.addEventListener('selectionchange', remember);
    document.addEventListener('focusout', remember);
    return () => {
      document.removeEventListener('selectionchange', remember);
      document.removeEventListener('focusout', remember);
    };
  }, [store]);

  const composeRef = useCallback((element: HTMLDivElement | null) => store.attachComposeBody(element), [store]);

  return (
    <section className={styles.window} aria-label="Simulated email">
      <div className={styles.header}>
        <Text weight="semibold" size={400}>
          {state.mode === 'read' ? 'Reading an email' : 'Writing an email'}
        </Text>
        <TabList
          selectedValue={state.mode}
          onTabSelect={(_event, data) => {
            if ((data.value as PlaygroundMode) === 'read') store.openReceived();
            else store.update({ mode: 'compose' }, { newItem: true });
          }}
          aria-label="Email mode"
        >
          <Tab value="read">Read</Tab>
          <Tab value="compose">Compose</Tab>
        </TabList>
      </div>
      <Field label="Sample email">
        <Dropdown
          placeholder="Open a sample email"
          onOptionSelect={(_event, data) => {
            const sample = SAMPLE_EMAILS.find((candidate) => candidate.label === data.optionValue);
            if (sample) store.openEmail(sample.email);
          }}
        >
          {SAMPLE_EMAILS.map((sample) => (
            <Option key={sample.label} value={sample.label}>
              {sample.label}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.row}>
        <Field label="From (name)">
          <Input
            value={state.sender.displayName}
            onChange={(_e, data) => store.update({ sender: { ...state.sender, displayName: data.value } })}
          />
        </Field>
        <Field label="From (address)">
          <Input
            type="email"
            value={state.sender.emailAddress}
            onChange={(_e, data) => store.update({ sender: { ...state.sender, emailAddress: data.value } })}
          />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="To">
          <Input value={state.to} onChange={(_e, data) => store.update({ to: data.value })} />
        </Field>
        <Field label="Cc">
          <Input value={state.cc} onChange={(_e, data) => store.update({ cc: data.value })} />
        </Field>
      </div>
      <Field label="Subject">
        <Input value={state.subject} onChange={(_e, data) => store.update({ subject: data.value })} />
      </Field>
      {state.attachments.length > 0 && (
        <div className={styles.attachments} aria-label="Attachments">
          {state.attachments.map((attachment) => (
            <Badge key={attachment.url} appearance="tint" icon={<AttachRegular />}>
              {attachment.name}
            </Badge>
          ))}
        </div>
      )}
      {state.mode === 'read' ? (
        <Field label="Message">
          <Textarea
            resize="vertical"
            rows={12}
            value={state.readBody}
            onChange={(_e, data) => store.update({ readBody: data.value })}
          />
        </Field>
      ) : (
        <Field label="Message">
          <div
            key={state.itemId}
            ref={composeRef}
            className={styles.composeBody}
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-label="Message body"
            data-testid="compose-body"
          />
        </Field>
      )}
    </section>
  );
}
