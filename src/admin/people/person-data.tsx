/**
 * A person's data, from their row of the People page (account admins): downloading everything
 * Cannery holds about them (JSON, or a ZIP of CSV files for spreadsheets), and erasing it after
 * the admin types their address again, as the server asks too.
 */
import { useState } from 'react';
import { Body1, Button, Field, Input } from '@fluentui/react-components';
import { useStore } from 'jotai';
import type { Member } from '../../api/contract/people';
import type { PersonDataFormat } from '../../api/contract/retention';
import { useAuthServices } from '../../auth/auth-services';
import { authAtom } from '../../state/auth';
import { FormError } from '../../ui/form-error';
import { AdminDialog } from '../common/admin-dialog';
import { downloadPersonData } from '../api/person-data';
import { adminErrorMessage } from '../api/people';
import { saveFile } from '../usage/save-file';
import type { MemberActions } from './use-member-actions';

/** Downloads a person's data and saves it; null when it worked, else the sentence to show. */
export function useExportPersonData(accountId: string): (member: Member, format: PersonDataFormat) => Promise<string | null> {
  const services = useAuthServices();
  const store = useStore();
  return async (member, format) => {
    try {
      saveFile(await downloadPersonData({ client: services.api, getIdToken: () => store.get(authAtom).idToken, fetch: services.fetch }, accountId, member._id, format));
      return null;
    } catch (failure) {
      console.warn('Exporting a person’s data failed', failure);
      return adminErrorMessage(failure, `The data of ${member.name ?? member.email} could not be exported.`);
    }
  };
}

/** Asks for the person's address before erasing what Cannery holds about them. */
export function ErasePersonDialog(props: { member: Member; actions: Pick<MemberActions, 'erase'>; onClose: () => void; onDone: (text: string) => void }) {
  const { member } = props;
  const who = member.name ?? member.email;
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function erase() {
    setProblem(null);
    if (typed.trim().toLowerCase() !== member.email.toLowerCase()) return setMismatch(`Type ${member.email} to erase their data.`);
    setMismatch(null);
    setPending(true);
    const failed = await props.actions.erase(member, typed.trim());
    setPending(false);
    if (failed) return setProblem(failed);
    props.onDone(`The data of ${who} was erased.`);
  }

  return (
    <AdminDialog
      title={`Erase the data of ${who}?`}
      modalType="alert"
      busy={pending}
      onClose={props.onClose}
      form={{ onSubmit: () => void erase(), label: `Erase the data of ${who}`, noValidate: true }}
      actions={
        <>
          <Button appearance="secondary" onClick={props.onClose} disabledFocusable={pending}>
            Cancel
          </Button>
          <Button type="submit" appearance="primary" disabledFocusable={pending}>
            {pending ? 'Erasing...' : 'Erase'}
          </Button>
        </>
      }
    >
      <Body1 as="p">
        They lose access to the account and their own records are deleted: their sign-in, favourites, suggestions and the mail sent to them. Usage records, sessions, classification answers and the audit log stay counted, without saying who they were. This cannot be undone.
      </Body1>
      <Field label="Type their email address to confirm" validationState={mismatch ? 'error' : 'none'} validationMessage={mismatch}>
        <Input type="email" autoComplete="off" value={typed} onChange={(_event, data) => setTyped(data.value)} />
      </Field>
      <FormError message={problem} />
    </AdminDialog>
  );
}
