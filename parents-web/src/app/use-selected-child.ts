import { useCallback } from 'react';
import type { Child } from '@sprout/shared';
import { useGetChildrenQuery } from './children-api';
import { childSelected } from './dashboard-slice';
import { useAppDispatch, useAppSelector } from './store';

/** The children and the one the tabs show: the chosen one, else the first. */
export function useSelectedChild(): {
  children: Child[];
  child: Child | null;
  select: (uid: string) => void;
} {
  const dispatch = useAppDispatch();
  const { data } = useGetChildrenQuery();
  const children = data?.children ?? [];
  const selectedId = useAppSelector((state) => state.dashboard.selectedChildId);
  const child = children.find((c) => c.uid === selectedId) ?? children[0] ?? null;
  const select = useCallback((uid: string) => dispatch(childSelected(uid)), [dispatch]);
  return { children, child, select };
}
