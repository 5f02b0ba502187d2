/**
 * The user table's paging settings (the contract: page number 1 and size 50 by default, and the condition),
 * kept in local storage under `adminUser` so they survive a reload.
 */
import { useEffect, useState } from 'react';
import { ADMIN_USER_STORAGE_KEY, DEFAULT_PAGE_SIZE } from '../../../src/constants';
import { type TUserCondition, ZUserPageSchema } from '../../../src/schemas/user';

export interface PagingSettings {
  pageNumber: number;
  pageSize: number;
  condition: TUserCondition;
}

export const DEFAULT_PAGING: PagingSettings = { pageNumber: 1, pageSize: DEFAULT_PAGE_SIZE, condition: {} };

/** What is stored, or the defaults when nothing (or something unreadable) is. */
export function readPagingSettings(): PagingSettings {
  try {
    const raw = window.localStorage.getItem(ADMIN_USER_STORAGE_KEY);
    if (!raw) return DEFAULT_PAGING;
    const parsed = ZUserPageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_PAGING;
  } catch {
    return DEFAULT_PAGING;
  }
}

export function usePagingSettings() {
  const [settings, setSettings] = useState<PagingSettings>(readPagingSettings);
  useEffect(() => {
    try {
      window.localStorage.setItem(ADMIN_USER_STORAGE_KEY, JSON.stringify(settings));
    } catch {
      // Private mode or a full storage: the settings just do not survive a reload.
    }
  }, [settings]);

  return {
    settings,
    setPageNumber: (pageNumber: number) => setSettings((s) => ({ ...s, pageNumber })),
    setPageSize: (pageSize: number) => setSettings((s) => ({ ...s, pageSize, pageNumber: 1 })),
    /** A new filter starts again from the first page. */
    setCondition: (change: Partial<TUserCondition>) =>
      setSettings((s) => ({ ...s, condition: { ...s.condition, ...change }, pageNumber: 1 })),
  };
}
