/**
 * The Usage page's charts (Recharts), loaded only when a report has uses. They are pictures for
 * sighted admins: the page gives each a heading and the same numbers as text or a table, so the
 * charts are hidden from screen readers and kept out of the tab order. Colours are Fluent tokens
 * (CSS variables), and nothing animates: a new period redraws at once.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis, type YAxisTickContentProps } from 'recharts';
import { tokens } from '@fluentui/react-components';
import type { UsageReport } from '../../api/contract/admin';
import { countOf, intervalLabel, shortDay } from './usage-format';

const axisTick = { fill: tokens.colorNeutralForeground2, fontSize: 12 };
const tooltipStyle = {
  backgroundColor: tokens.colorNeutralBackground1,
  border: `1px solid ${tokens.colorNeutralStroke1}`,
  borderRadius: tokens.borderRadiusMedium,
  boxShadow: tokens.shadow8,
  color: tokens.colorNeutralForeground1,
  fontSize: 12,
};
const tooltipCursor = { fill: tokens.colorSubtleBackgroundHover };

const CHART_HEIGHT = 210;

/** The team's uses per day or week of the period. */
export function UsesOverTimeChart(props: { report: UsageReport }) {
  const data = props.report.intervals.map((interval) => ({ label: intervalLabel(interval), tick: shortDay(interval.start), uses: interval.uses }));
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke={tokens.colorNeutralStroke2} />
          <XAxis dataKey="tick" tick={axisTick} tickLine={false} axisLine={{ stroke: tokens.colorNeutralStroke1 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
          <Tooltip
            cursor={tooltipCursor}
            contentStyle={tooltipStyle}
            isAnimationActive={false}
            labelFormatter={(_label, payload) => (payload[0]?.payload as { label?: string } | undefined)?.label ?? ''}
            formatter={(value) => [countOf(Number(value), 'use', 'uses'), null]}
          />
          <Bar dataKey="uses" name="Uses" fill={tokens.colorBrandBackground} radius={[3, 3, 0, 0]} maxBarSize={36} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

const TOP_BLOCKS = 10;
const ROW_HEIGHT = 30;
const NAME_WIDTH = 210;
/** About as many characters as fit in NAME_WIDTH at 12 px; longer names end with an ellipsis (the table has them whole). */
const NAME_CHARACTERS = 32;

/** A block's name on one line, cut to fit, right-aligned against the bars. */
function BlockNameTick(props: YAxisTickContentProps) {
  const name = String(props.payload.value ?? '');
  return (
    <text x={props.x} y={props.y} dx={-6} dy={4} textAnchor="end" fill={tokens.colorNeutralForeground2} fontSize={12}>
      {name.length > NAME_CHARACTERS ? `${name.slice(0, NAME_CHARACTERS - 1)}…` : name}
    </text>
  );
}

/** The ten most used blocks of the period, as horizontal bars (deleted ones greyed). */
export function TopBlocksChart(props: { report: UsageReport }) {
  const data = props.report.blocks.slice(0, TOP_BLOCKS).map((block) => ({
    name: block.deleted ? `${block.name} (deleted)` : block.name,
    uses: block.uses,
    deleted: block.deleted,
  }));
  return (
    <div aria-hidden="true">
      <ResponsiveContainer width="100%" height={data.length * ROW_HEIGHT + 32}>
        <BarChart layout="vertical" data={data} margin={{ top: 0, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke={tokens.colorNeutralStroke2} />
          <XAxis type="number" allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} />
          <YAxis type="category" dataKey="name" width={NAME_WIDTH} tick={BlockNameTick} tickLine={false} axisLine={{ stroke: tokens.colorNeutralStroke1 }} />
          <Tooltip cursor={tooltipCursor} contentStyle={tooltipStyle} isAnimationActive={false} formatter={(value) => [countOf(Number(value), 'use', 'uses'), null]} />
          <Bar dataKey="uses" name="Uses" radius={[0, 3, 3, 0]} barSize={18} isAnimationActive={false}>
            {data.map((entry, index) => (
              <Cell key={index} fill={entry.deleted ? tokens.colorNeutralForeground4 : tokens.colorBrandBackground} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
