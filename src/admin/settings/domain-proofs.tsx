/**
 * The domains the account owns (Account settings): each claimed domain with whether it is
 * verified, the DNS record that proves it, and Verify and Remove; a field to add another. Only a
 * verified domain links work accounts to invitations or lets them in without one.
 */
import { useState } from 'react';
import { Badge, Button, Field, Input, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { emailDomain, type AccountDomain } from '../../api/contract/people';
import { adminErrorMessage, claimAccountDomain, dropAccountDomain, fetchAccountDomains, peopleQueryKeys, verifyAccountDomain } from '../api/people';
import { useAuthServices } from '../../auth/auth-services';
import { FormError } from '../../ui/form-error';

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxWidth: '640px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0 },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  line: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  record: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  value: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', margin: 0 },
  add: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** What the server said, in its own words where it explains (a DNS that did not answer included). */
function problemOf(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.code === 'dns_unavailable') return failure.message;
  return adminErrorMessage(failure, fallback);
}

export function DomainProofs(props: { accountId: string }) {
  const styles = useStyles();
  const { api } = useAuthServices();
  const queryClient = useQueryClient();
  const key = peopleQueryKeys.domains(props.accountId);
  const domains = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchAccountDomains(api, props.accountId, signal) });
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ intent: 'success' | 'error'; text: string } | null>(null);

  async function act(domain: string, work: () => Promise<string>, fallback: string) {
    setBusy(domain);
    setNotice(null);
    try {
      setNotice({ intent: 'success', text: await work() });
    } catch (failure) {
      setNotice({ intent: 'error', text: problemOf(failure, fallback) });
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  }

  async function add() {
    const parsed = emailDomain.safeParse(draft);
    if (!parsed.success) return setDraftError('Enter a domain such as aldercounty.example.');
    setDraftError(null);
    await act(parsed.data, async () => {
      await claimAccountDomain(api, props.accountId, parsed.data);
      setDraft('');
      return `${parsed.data} was added. Publish its TXT record, then verify it.`;
    }, 'The domain could not be added.');
  }

  const verify = (claim: AccountDomain) =>
    act(claim.domain, async () => {
      await verifyAccountDomain(api, props.accountId, claim.domain);
      return `${claim.domain} is verified.`;
    }, 'The domain could not be verified.');
  const remove = (claim: AccountDomain) =>
    act(claim.domain, async () => {
      await dropAccountDomain(api, props.accountId, claim.domain);
      return `${claim.domain} was removed.`;
    }, 'The domain could not be removed.');

  return (
    <section className={styles.section} aria-labelledby="domains-heading">
      <Subtitle2 as="h2" id="domains-heading" className={styles.heading}>
        Domains this account owns
      </Subtitle2>
      <Text>
        Work accounts link to your invitations, and join without one, only for domains this account has verified. Add a domain, publish the TXT record
        shown in its DNS, then verify it.
      </Text>
      {domains.isPending && <Spinner size="small" label="Loading the domains..." />}
      {domains.isError && <FormError message="The domains could not be loaded. Please reload the page, and if the problem persists contact our team." />}
      {domains.data && domains.data.length > 0 && (
        <ul className={styles.list} aria-label="Domains">
          {domains.data.map((claim) => (
            <li key={claim.domain} className={styles.item} aria-label={claim.domain}>
              <div className={styles.line}>
                <span className={styles.name}>{claim.domain}</span>
                <Badge appearance="tint" color={claim.verified ? 'success' : 'warning'}>
                  {claim.verified ? 'Verified' : 'Not verified'}
                </Badge>
              </div>
              {!claim.verified && (
                <dl className={styles.record} aria-label={`DNS record for ${claim.domain}`}>
                  <dt>Type</dt>
                  <dd className={styles.value}>{claim.record.type}</dd>
                  <dt>Name</dt>
                  <dd className={styles.value}>{claim.record.name}</dd>
                  <dt>Value</dt>
                  <dd className={styles.value}>{claim.record.value}</dd>
                </dl>
              )}
              <div className={styles.line}>
                {!claim.verified && (
                  <Button size="small" appearance="primary" disabled={busy !== null} onClick={() => void verify(claim)} aria-label={`Verify ${claim.domain}`}>
                    {busy === claim.domain ? 'Checking...' : 'Verify'}
                  </Button>
                )}
                <Button size="small" disabled={busy !== null} onClick={() => void remove(claim)} aria-label={`Remove ${claim.domain}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {notice?.intent === 'success' && (
        <div role="status">
          <MessageBar intent="success">
            <MessageBarBody>{notice.text}</MessageBarBody>
          </MessageBar>
        </div>
      )}
      {notice?.intent === 'error' && <FormError message={notice.text} />}
      <form
        className={styles.add}
        aria-label="Add a domain"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <Field label="Domain" validationState={draftError ? 'error' : 'none'} validationMessage={draftError}>
          <Input value={draft} placeholder="aldercounty.example" onChange={(_event, data) => setDraft(data.value)} />
        </Field>
        <Button type="submit" disabled={busy !== null}>
          Add domain
        </Button>
      </form>
    </section>
  );
}
