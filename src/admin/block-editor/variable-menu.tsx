import { useState } from 'react';
import { Button, Field, Input, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { formatVariable, listVariables } from '../../domain/variable-syntax';
import { AdminDialog } from '../common/admin-dialog';

/**
 * The editor's "Insert variable" menu: the sender's names and address, the user's, today's date,
 * the cursor position, and a prompt (its label and default are asked in a dialog). It hands the
 * variable's text to `onInsert`.
 */
export function VariableMenu(props: { onInsert: (syntax: string) => void }) {
  const [asking, setAsking] = useState(false);
  const [label, setLabel] = useState('');
  const [fallback, setFallback] = useState('');
  const [labelError, setLabelError] = useState<string | undefined>(undefined);

  function insertPrompt() {
    if (!label.trim()) {
      setLabelError('Say what to ask for, e.g. "Case number".');
      return;
    }
    props.onInsert(formatVariable({ kind: 'ask', label, ...(fallback.trim() ? { defaultValue: fallback } : {}) }));
    setAsking(false);
    setLabel('');
    setFallback('');
    setLabelError(undefined);
  }

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small">
            Insert variable
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {listVariables().map((option) => (
              <MenuItem key={option.kind} onClick={() => (option.kind === 'ask' ? setAsking(true) : props.onInsert(option.syntax))}>
                {option.label}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {/* Mounted only while open: a Fluent dialog, even closed, sets up its modal layer, which
          puts focusable aria-hidden sentinels around the whole page (axe's aria-hidden-focus). */}
      {asking && (
        // The dialog sits inside the block's form in React's tree: its form keeps its submit to itself.
        <AdminDialog
          title="Ask for a value"
          onClose={() => setAsking(false)}
          form={{ onSubmit: insertPrompt, noValidate: true }}
          actions={
            <>
              <Button type="submit" appearance="primary">
                Insert
              </Button>
              <Button onClick={() => setAsking(false)}>Cancel</Button>
            </>
          }
        >
          <Field label="What to ask for" required validationState={labelError ? 'error' : 'none'} validationMessage={labelError}>
            <Input value={label} onChange={(_event, data) => setLabel(data.value)} />
          </Field>
          <Field label="Default answer" hint="Optional: filled in for the user, who can change it.">
            <Input value={fallback} onChange={(_event, data) => setFallback(data.value)} />
          </Field>
        </AdminDialog>
      )}
    </>
  );
}
