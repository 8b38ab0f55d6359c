import { useId, useState } from 'react';
import {
  Body1,
  Button,
  Caption1,
  Dropdown,
  Field,
  Input,
  Option,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useStore } from 'jotai';
import type { TeamRef } from '../api/admin';
import { adminUsageQueryKeys, downloadUsageCsv, fetchUsageReport } from '../api/usage';
import { USAGE_LIMITS } from '../../api/contract/admin';
import { useAuthServices } from '../../auth/auth-services';
import { authAtom } from '../../state/auth';
import { AdminLayout } from '../common/admin-layout';
import { useAdminTeams } from '../common/admin-teams';
import { LoadFailed, NoticeBar, type Notice } from '../common/list-parts';
import { saveFile } from './save-file';
import { periodLabel } from './usage-format';
import { UsageReportView } from './usage-report';
import { DEFAULT_USAGE_PRESET, PERIOD_LABELS, USAGE_PRESETS, customRange, presetRange, utcDayOf, type UsagePeriodChoice, type UsagePeriodRange } from './usage-period';

const useStyles = makeStyles({
  controls: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  controlsRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
  period: { minWidth: '200px' },
  date: { width: '170px' },
  export: { marginInlineStart: 'auto' },
  summary: { color: tokens.colorNeutralForeground2 },
  invalid: { color: tokens.colorPaletteRedForeground1 },
  updating: { color: tokens.colorNeutralForeground3 },
});

/** How the team used its blocks in a period: totals, uses over time, by block, user, place and host; the uses as CSV. */
export function AdminUsagePage() {
  return (
    <AdminLayout title="Usage">
      <UsageOfTeam />
    </AdminLayout>
  );
}

function UsageOfTeam() {
  const { ref } = useAdminTeams();
  return ref ? <TeamUsage key={ref.teamId} team={ref} /> : null;
}

function TeamUsage(props: { team: TeamRef }) {
  const styles = useStyles();
  const services = useAuthServices();
  const store = useStore();
  const [choice, setChoice] = useState<UsagePeriodChoice>(DEFAULT_USAGE_PRESET);
  const [custom, setCustom] = useState(() => presetRange(DEFAULT_USAGE_PRESET));
  const [exporting, setExporting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const today = utcDayOf(new Date());
  const periodId = useId();

  const checked = choice === 'custom' ? customRange(custom.from, custom.to) : { ok: true as const, range: presetRange(choice) };
  const range: UsagePeriodRange | null = checked.ok ? checked.range : null;

  const report = useQuery({
    queryKey: adminUsageQueryKeys.report(props.team.teamId, range ?? { from: '', to: '', interval: 'day' }),
    queryFn: ({ signal }) => fetchUsageReport(services.api, props.team, range!, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  function choose(next: UsagePeriodChoice) {
    // Custom dates start from the period shown, so the admin adjusts it instead of starting blank.
    if (next === 'custom' && range) setCustom({ from: range.from, to: range.to, interval: range.interval });
    setChoice(next);
    setNotice(null);
  }

  async function exportCsv() {
    if (!range) return;
    setExporting(true);
    setNotice(null);
    try {
      const file = await downloadUsageCsv(services.api, () => store.get(authAtom).idToken, props.team, range, services.fetch ? { fetch: services.fetch } : {});
      saveFile(file);
      if (file.truncated) {
        setNotice({
          intent: 'warning',
          text: `This period has more uses than one file holds, so the file stops at ${USAGE_LIMITS.csvRows.toLocaleString('en-US')} uses. Export a shorter period to get the rest.`,
        });
      }
    } catch (failure) {
      console.warn('Exporting the usage failed', failure);
      setNotice({ intent: 'error', text: 'The file could not be exported. Please try again, and if the problem persists contact our team.' });
    } finally {
      setExporting(false);
    }
  }

  const shown = report.data;
  return (
    <>
      <div className={styles.controls}>
        <div className={styles.controlsRow}>
          <Field label="Period" className={styles.period}>
            <Dropdown value={PERIOD_LABELS[choice]} selectedOptions={[choice]} onOptionSelect={(_event, data) => choose((data.optionValue as UsagePeriodChoice | undefined) ?? DEFAULT_USAGE_PRESET)}>
              {[...USAGE_PRESETS, 'custom' as const].map((option) => (
                <Option key={option} value={option}>
                  {PERIOD_LABELS[option]}
                </Option>
              ))}
            </Dropdown>
          </Field>
          {choice === 'custom' && (
            <>
              <Field label="From" className={styles.date}>
                <Input
                  type="date"
                  value={custom.from}
                  max={today}
                  aria-invalid={!checked.ok}
                  aria-describedby={periodId}
                  onChange={(_event, data) => setCustom({ ...custom, from: data.value })}
                />
              </Field>
              <Field label="To" className={styles.date}>
                <Input
                  type="date"
                  value={custom.to}
                  max={today}
                  aria-invalid={!checked.ok}
                  aria-describedby={periodId}
                  onChange={(_event, data) => setCustom({ ...custom, to: data.value })}
                />
              </Field>
            </>
          )}
          <Button className={styles.export} icon={<ArrowDownloadRegular />} disabled={!range || exporting} onClick={() => void exportCsv()}>
            {exporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </div>
        {checked.ok ? (
          <Body1 id={periodId} className={styles.summary}>
            <strong>{periodLabel(checked.range.from, checked.range.to)}</strong>, by {checked.range.interval}. Days and times are in UTC (Coordinated
            Universal Time).
          </Body1>
        ) : (
          <Body1 id={periodId} className={styles.invalid} role="alert">
            {checked.error}
          </Body1>
        )}
      </div>
      <NoticeBar notice={notice} />
      {range === null ? null : report.isPending ? (
        <Spinner label="Loading usage..." />
      ) : report.isError ? (
        <LoadFailed what="The usage" />
      ) : shown ? (
        <div aria-busy={report.isPlaceholderData} style={{ display: 'contents' }}>
          {report.isPlaceholderData && <Caption1 className={styles.updating}>Updating...</Caption1>}
          <UsageReportView report={shown} />
        </div>
      ) : null}
    </>
  );
}
