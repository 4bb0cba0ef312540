/** Client-only state of the dashboard: which tab, which child, and the log filters. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChildMode, LogStatusFilter } from '@sprout/shared';

export const DASHBOARD_TABS = [
  'Stats',
  'Review Items',
  'Logs',
  'Subscription',
  'Settings',
  'Keywords',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export interface LogFilters {
  mode: ChildMode | 'all';
  status: LogStatusFilter | 'all';
}

export interface DashboardState {
  tab: DashboardTab;
  selectedChildId: string | null;
  logFilters: LogFilters;
  logsPage: number;
  sidebarCollapsed: boolean;
}

export const initialDashboardState: DashboardState = {
  tab: 'Stats',
  selectedChildId: null,
  logFilters: { mode: 'all', status: 'all' },
  logsPage: 1,
  sidebarCollapsed: false,
};

export const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    tabSelected(state, action: PayloadAction<DashboardTab>) {
      state.tab = action.payload;
    },
    childSelected(state, action: PayloadAction<string | null>) {
      if (state.selectedChildId === action.payload) return;
      state.selectedChildId = action.payload;
      state.logsPage = 1;
    },
    /** Changing a filter resets to page 1 (spec §2 Logs). */
    logFiltersChanged(state, action: PayloadAction<Partial<LogFilters>>) {
      state.logFilters = { ...state.logFilters, ...action.payload };
      state.logsPage = 1;
    },
    logsPageChanged(state, action: PayloadAction<number>) {
      state.logsPage = Math.max(1, action.payload);
    },
    /** A click from Stats sets both filters, opens Logs on page 1 (spec §4 "Drill-down"). */
    drilledDown(state, action: PayloadAction<LogFilters>) {
      state.logFilters = action.payload;
      state.logsPage = 1;
      state.tab = 'Logs';
    },
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
  },
});

export const {
  tabSelected,
  childSelected,
  logFiltersChanged,
  logsPageChanged,
  drilledDown,
  sidebarToggled,
} = dashboardSlice.actions;
