import { useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  MODE_INFO,
  STATS_MODES,
  STATS_REFRESH_COOLDOWN_MS,
  TIME_RANGES,
  TIME_RANGE_LABELS,
  type StatsMode,
  type TimeRange,
} from '@sprout/shared';
import { drilledDown } from '../../app/dashboard-slice';
import { useAppDispatch } from '../../app/store';
import { useSelectedChild } from '../../app/use-selected-child';
import { ChildSelect } from '../../components/ChildSelect';
import { CollapsibleSection } from '../../components/CollapsibleSection';
import {
  EMPTY_STATS,
  changeText,
  chatModeOf,
  flaggedPercentage,
  isHighFlagged,
  mostUsedMode,
  totalPrompts,
} from './stats';
import { useGetStatsQuery } from './stats-api';
import './stats.css';

export const STATS_TEXT = {
  loadFailed: 'Failed to load stats. Please try again.',
  noChartData: 'No prompt data available for this period to display the chart.',
  highFlagged: 'High number of flagged items detected.',
} as const;

export function StatsTab() {
  const dispatch = useAppDispatch();
  const { children, child, select } = useSelectedChild();
  const [timeRange, setTimeRange] = useState<TimeRange>('7days');
  const [coolingDown, setCoolingDown] = useState(false);
  const { data, error, isFetching, refetch } = useGetStatsQuery(
    { childId: child?.uid ?? '', timeRange },
    { skip: !child },
  );

  useEffect(() => {
    if (!coolingDown) return;
    const timer = window.setTimeout(() => setCoolingDown(false), STATS_REFRESH_COOLDOWN_MS);
    return () => window.clearTimeout(timer);
  }, [coolingDown]);

  // A failed load shows zeros, never stale figures (spec §8).
  const stats = error || !data ? EMPTY_STATS : data;
  const total = totalPrompts(stats.promptCounts);
  const previousTotal = totalPrompts(stats.previousPromptCounts);
  const topMode = mostUsedMode(stats.promptCounts);
  const chartData = STATS_MODES.map((mode) => ({
    mode,
    prompts: stats.promptCounts[mode] ?? 0,
    colour: MODE_INFO[chatModeOf(mode)].colour,
  }));

  const drillToMode = (mode: StatsMode) =>
    dispatch(drilledDown({ mode: chatModeOf(mode), status: 'all' }));
  const drillToFlagged = () => dispatch(drilledDown({ mode: 'all', status: 'flagged' }));

  const onRefresh = () => {
    if (coolingDown) return;
    setCoolingDown(true);
    void refetch();
  };

  return (
    <div className="tab stats-tab">
      <div className="tab__toolbar">
        <div className="field field--inline">
          <label htmlFor="stats-range">Time range</label>
          <select
            id="stats-range"
            className="select"
            value={timeRange}
            onChange={(event) => setTimeRange(event.target.value as TimeRange)}
          >
            {TIME_RANGES.map((range) => (
              <option key={range} value={range}>
                {TIME_RANGE_LABELS[range]}
              </option>
            ))}
          </select>
        </div>
        <ChildSelect children={children} value={child?.uid ?? null} onChange={select} />
        <button
          type="button"
          className="button button--secondary"
          onClick={onRefresh}
          disabled={!child || coolingDown || isFetching}
          title={coolingDown ? 'You can refresh again in a few seconds.' : undefined}
        >
          {isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      {error && (
        <div className="alert alert--error tab__alert" role="alert">
          {STATS_TEXT.loadFailed}{' '}
          <button type="button" className="button button--link" onClick={() => void refetch()}>
            Retry
          </button>
        </div>
      )}

      {isHighFlagged(stats.flaggedCount) && (
        <div className="alert alert--warning tab__alert" role="status">
          {STATS_TEXT.highFlagged}{' '}
          <button type="button" className="button button--link" onClick={drillToFlagged}>
            Review logs
          </button>
        </div>
      )}

      <CollapsibleSection title="Key Insights">
        <dl className="insights">
          <div className="insight">
            <dt>Total Prompts</dt>
            <dd>
              <strong data-testid="total-prompts">{total}</strong>
              <span className="insight__change">{changeText(total, previousTotal)}</span>
            </dd>
          </div>
          <div className="insight">
            <dt>Most Used Mode</dt>
            <dd>
              <strong data-testid="most-used-mode">{topMode ?? 'None yet'}</strong>
            </dd>
          </div>
          <div className="insight">
            <dt>Flagged</dt>
            <dd>
              <strong data-testid="flagged-summary">
                {stats.flaggedCount} ({flaggedPercentage(stats.flaggedCount, total)})
              </strong>
              <span className="insight__change">
                {changeText(stats.flaggedCount, stats.previousFlaggedCount)}
              </span>
            </dd>
          </div>
        </dl>
      </CollapsibleSection>

      <CollapsibleSection title="Prompt Stats">
        <ul className="mode-cards">
          {STATS_MODES.map((mode) => (
            <li key={mode}>
              <button
                type="button"
                className="mode-card"
                style={{ borderTopColor: MODE_INFO[chatModeOf(mode)].colour }}
                onClick={() => drillToMode(mode)}
                aria-label={`${mode}: ${stats.promptCounts[mode] ?? 0} prompts. Show these logs`}
              >
                <span className="mode-card__name">{mode}</span>
                <span className="mode-card__count">{stats.promptCounts[mode] ?? 0}</span>
                <span className="mode-card__hint">
                  {changeText(stats.promptCounts[mode] ?? 0, stats.previousPromptCounts[mode] ?? 0)}
                </span>
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="mode-card mode-card--flagged"
              onClick={drillToFlagged}
              aria-label={`Flagged Items: ${stats.flaggedCount}. Show flagged logs`}
            >
              <span className="mode-card__name">Flagged Items</span>
              <span className="mode-card__count">{stats.flaggedCount}</span>
              <span className="mode-card__hint">
                {changeText(stats.flaggedCount, stats.previousFlaggedCount)}
              </span>
            </button>
          </li>
        </ul>
      </CollapsibleSection>

      <CollapsibleSection title="Prompt Distribution Chart">
        {total === 0 ? (
          <p className="tab__empty">{STATS_TEXT.noChartData}</p>
        ) : (
          <div className="stats-chart" role="img" aria-label="Prompts per mode">
            <ResponsiveContainer
              width="100%"
              height={280}
              initialDimension={{ width: 600, height: 280 }}
            >
              <BarChart data={chartData} layout="vertical" margin={{ left: 16, right: 24 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="mode" width={90} />
                <Tooltip cursor={{ fill: 'rgb(22 163 74 / 8%)' }} />
                <Bar
                  dataKey="prompts"
                  name="Prompts"
                  cursor="pointer"
                  onClick={(entry) => {
                    const mode = (entry as { payload?: { mode?: StatsMode } }).payload?.mode;
                    if (mode) drillToMode(mode);
                  }}
                >
                  {chartData.map((entry) => (
                    <Cell key={entry.mode} fill={entry.colour} />
                  ))}
                </Bar>
              </BarChart>
            </ResponsiveContainer>
          </div>
        )}
      </CollapsibleSection>
    </div>
  );
}
