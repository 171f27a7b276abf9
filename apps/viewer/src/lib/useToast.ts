import { useCallback, useEffect, useRef, useState } from 'react';

/** A toast text shown for three seconds (viewer.md 8); a new one replaces the old. */
export function useToast(): [string | null, (text: string) => void] {
  const [toast, setToast] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setToast(text);
    timer.current = setTimeout(() => setToast(null), 3000);
  }, []);
  return [toast, show];
}
