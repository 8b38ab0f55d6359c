/**
 * A team's usage report as the Usage page shows it: the totals, uses over time (a chart and a
 * table), the most used blocks (with their uses by language once a version in another language
 * was used), uses by user, place, host, mailbox and language with their shares, and checklists and
 * sessions.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import {
  Body1,
  Caption1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { UsageReport } from '../../api/contract/admin';
import { RecordName } from '../common/list-parts';
import { countOf, formatDuration, hostLabel, intervalLabel, uiSourceLabel } from './usage-format';
import { DEFAULT_LANGUAGE, languageName } from '../../domain/languages';

// Recharts is the largest part of this page: loaded once there is something to draw.
const UsesOverTimeChart = lazy(() => import('./usage-charts').then((module) => ({ default: module.UsesOverTimeChart })));
const TopBlocksChart = lazy(() => import('./usage-charts').then((module) => ({ default: module.TopBlocksChart })));
const useStyles = makeStyles({
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: tokens.spacingHorizontalL, margin: 0 },
  figure: {
    display: 'flex',
    flexDirection: 'column-reverse',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  figureLabel: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300, lineHeight: tokens.lineHeightBase300 },
  figureDetail: { color: tokens.colorNeutralForeground3, marginInlineStart: tokens.spacingHorizontalXS },
  figureValue: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    fontVariantNumeric: 'tabular-nums',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
    minWidth: 0,
  },
  cardHeading: { margin: 0 },
  twoColumns: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: tokens.spacingHorizontalL, alignItems: 'start' },
  threeColumns: {
    display: 'grid',
    // Users' addresses are the longest names: their table gets the most room.
    gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 4fr) minmax(0, 4fr)',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  numberHeader: { width: '60px', '& > button, & > div': { justifyContent: 'flex-end' }, textAlign: 'end' },
  name: { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  deleted: { color: tokens.colorNeutralForeground3 },
  scroll: { maxHeight: '420px', overflowY: 'auto' },
  details: { '& > summary': { cursor: 'pointer', color: tokens.colorBrandForegroundLink, width: 'fit-content' } },
  chartPlaceholder: { minHeight: '210px' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  languages: { display: 'block', color: tokens.colorNeutralForeground3 },
});

/** "English 2 · Spanish 3": a block's uses by the language of the text inserted. */
export function languageUses(languages: ReadonlyArray<{ language: string; uses: number }>): string {
  return languages.map((row) => `${languageName(row.language)} ${row.uses.toLocaleString('en-US')}`).join(' · ');
}

function Figure(props: { label: string; value: string; detail?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.figure}>
      <dt className={styles.figureLabel}>
        {props.label}
        {props.detail && <span className={styles.figureDetail}> {props.detail}</span>}
      </dt>
      <dd className={styles.figureValue}>{props.value}</dd>
    </div>
  );
}

function Card(props: { id: string; title: string; children: ReactNode; className?: string }) {
  const styles = useStyles();
  return (
    <section aria-labelledby={props.id} className={mergeClasses(styles.card, props.className)}>
      <Subtitle2 as="h2" id={props.id} className={styles.cardHeading}>
        {props.title}
      </Subtitle2>
      {props.children}
    </section>
  );
}

const share = (uses: number, total: number) => (total > 0 ? `${Math.round((uses / total) * 100)}%` : '–');

export function UsageReportView(props: { report: UsageReport }) {
  const styles = useStyles();
  const { report } = props;
  const total = report.totals.uses;
  // Languages are shown once some use inserted a version in another language than English.
  const otherLanguages = report.languages.some((row) => row.language !== DEFAULT_LANGUAGE);
  const mailboxes = report.mailboxes.some((row) => row.mailbox !== null);
  return (
    <>
      <dl className={styles.figures}>
        <Figure label="Uses" value={total.toLocaleString('en-US')} />
        <Figure label="Blocks used" value={report.totals.blocks.toLocaleString('en-US')} />
        <Figure label="Users" value={report.totals.users.toLocaleString('en-US')} />
      </dl>
      {total === 0 ? (
        <Card id="usage-over-time" title={report.interval === 'day' ? 'Uses per day' : 'Uses per week'}>
          <Body1>No blocks were used in this period.</Body1>
        </Card>
      ) : (
        <>
          <Card id="usage-over-time" title={report.interval === 'day' ? 'Uses per day' : 'Uses per week'}>
            <Suspense fallback={<div className={styles.chartPlaceholder} />}>
              <UsesOverTimeChart report={report} />
            </Suspense>
            <details className={styles.details}>
              <summary>Show as a table</summary>
              <div className={styles.scroll}>
                <Table size="small" aria-label={report.interval === 'day' ? 'Uses per day' : 'Uses per week'}>
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{report.interval === 'day' ? 'Day' : 'Week'}</TableHeaderCell>
                      <TableHeaderCell className={styles.numberHeader}>Uses</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.intervals.map((interval) => (
                      <TableRow key={interval.start}>
                        <TableCell>{intervalLabel(interval)}</TableCell>
                        <TableCell className={styles.number}>{interval.uses.toLocaleString('en-US')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </details>
          </Card>
          <div className={styles.twoColumns}>
            <Card id="usage-top-blocks" title={report.blocks.length > 10 ? 'The 10 most used blocks' : 'Most used blocks'}>
              <Suspense fallback={<div className={styles.chartPlaceholder} />}>
                <TopBlocksChart report={report} />
              </Suspense>
            </Card>
            <Card id="usage-blocks" title="Uses by block">
              <div className={styles.scroll}>
                <Table size="small" aria-label="Uses by block">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>Block</TableHeaderCell>
                      <TableHeaderCell className={styles.numberHeader}>Uses</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {report.blocks.map((block) => (
                      <TableRow key={block._id} className={block.deleted ? styles.deleted : undefined}>
                        <TableCell>
                          <RecordName name={block.name} href={`#/blocks/${block._id}`} deleted={block.deleted} />
                          {block.languages.some((row) => row.language !== DEFAULT_LANGUAGE) && <Caption1 className={styles.languages}>{languageUses(block.languages)}</Caption1>}
                        </TableCell>
                        <TableCell className={styles.number}>{block.uses.toLocaleString('en-US')}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            </Card>
          </div>
          <div className={styles.threeColumns}>
            <Card id="usage-users" title="Uses by user">
              <CountTable label="Uses by user" what="User" rows={report.users.map((user) => ({ key: user._id, name: user.email, uses: user.uses }))} total={total} />
            </Card>
            <Card id="usage-places" title="Where in Cannery">
              <CountTable
                label="Uses by place in Cannery"
                what="Place"
                rows={report.uiSources.map((row) => ({ key: row.uiSource, name: uiSourceLabel(row.uiSource), uses: row.uses }))}
                total={total}
              />
            </Card>
            <Card id="usage-hosts" title="Where blocks went">
              <CountTable
                label="Uses by host"
                what="Host"
                rows={report.hosts.map((row) => ({ key: row.host, name: hostLabel(row.host), uses: row.uses }))}
                total={total}
              />
            </Card>
          </div>
          {(mailboxes || otherLanguages) && (
            <div className={styles.threeColumns}>
              {mailboxes && (
                <Card id="usage-mailboxes" title="Which mailbox">
                  <CountTable
                    label="Uses by mailbox"
                    what="Mailbox"
                    rows={report.mailboxes.map((row) => ({ key: row.mailbox ?? '', name: row.mailbox ?? OWN_INBOX_LABEL, uses: row.uses }))}
                    total={total}
                  />
                </Card>
              )}
              {otherLanguages && (
                <Card id="usage-languages" title="Which language">
                  <CountTable
                    label="Uses by language"
                    what="Language"
                    rows={report.languages.map((row) => ({ key: row.language, name: languageName(row.language), uses: row.uses }))}
                    total={total}
                  />
                </Card>
              )}
            </div>
          )}
        </>
      )}
      <section aria-labelledby="usage-work" className={styles.group}>
        <Subtitle2 as="h2" id="usage-work" className={styles.cardHeading}>
          Checklists and sessions
        </Subtitle2>
        <dl className={styles.figures}>
          <Figure label="Checklists started" value={report.checklists.started.toLocaleString('en-US')} />
          <Figure label="Checklists completed" value={report.checklists.completed.toLocaleString('en-US')} />
          <Figure label="Sessions" detail={`by ${countOf(report.sessions.users, 'user', 'users')}`} value={report.sessions.count.toLocaleString('en-US')} />
          <Figure label="Time in sessions" value={formatDuration(report.sessions.minutes)} />
        </dl>
      </section>
    </>
  );
}

/** The row of uses in people's own inboxes, beside shared mailboxes, delegated accounts and aliases. */
export const OWN_INBOX_LABEL = 'Their own inbox';

function CountTable(props: { label: string; what: string; rows: Array<{ key: string; name: string; uses: number }>; total: number }) {
  const styles = useStyles();
  return (
    <Table size="small" aria-label={props.label}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{props.what}</TableHeaderCell>
          <TableHeaderCell className={styles.numberHeader}>Uses</TableHeaderCell>
          <TableHeaderCell className={styles.numberHeader}>Share</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell>
              <span className={styles.name} title={row.name}>
                {row.name}
              </span>
            </TableCell>
            <TableCell className={styles.number}>{row.uses.toLocaleString('en-US')}</TableCell>
            <TableCell className={styles.number}>{share(row.uses, props.total)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
