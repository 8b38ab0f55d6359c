/**
 * A value kept in host storage under one of the spec's stored browser values (rules §3), read once into
 * the query cache so every screen sees the same value and a change shows everywhere at once.
 */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { usePlatform } from './host-context';

export interface StoredValue<T> {
  /** The stored value, `fallback` while it is read or when absent or unreadable. */
  value: T;
  /** True once storage has been read. */
  loaded: boolean;
  set: (value: T) => void;
}

export function useStoredValue<T>(key: string, parse: (raw: unknown) => T, fallback: T): StoredValue<T> {
  const { storage } = usePlatform();
  const queryClient = useQueryClient();
  const queryKey = ['stored', key];
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<{ raw: unknown }> => {
      const text = await storage.get(key).catch(() => null);
      if (text === null) return { raw: undefined };
      try {
        return { raw: JSON.parse(text) as unknown };
      } catch {
        return { raw: undefined };
      }
    },
    staleTime: Infinity,
    retry: false,
  });
  const set = useCallback(
    (value: T) => {
      queryClient.setQueryData(['stored', key], { raw: value });
      storage.set(key, JSON.stringify(value)).catch((error: unknown) => console.warn(`Saving ${key} failed`, error));
    },
    [queryClient, storage, key],
  );
  const raw = query.data?.raw;
  return { value: raw === undefined ? fallback : parse(raw), loaded: query.isSuccess, set };
}
