import { useEffect, useState } from 'react';
import { defaultDebounceMs } from '@touchline/contracts/client-timings';

/** The value once it has stopped changing for the spec's generic debounce (166 ms): a search asks once per pause. */
export function useDebouncedValue<T>(value: T, waitMs = defaultDebounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), waitMs);
    return () => clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
