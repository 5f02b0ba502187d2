/**
 * The toasts' host, loaded with the first toast: Mantine's Notifications bring a transition kit that
 * a screen which never toasts does not need on its first load. `showToast` is the one way to show
 * one; Mantine's store keeps it until the host has mounted and shows it.
 */
import type { NotificationData } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

let wanted = false;
let mountHost: (() => void) | null = null;

export function showToast(data: NotificationData): void {
  wanted = true;
  mountHost?.();
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

/** Mounted once at the root: toasts at the bottom, four at most, from the first one on. */
export function NotificationsHost() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    mountHost = () => setMounted(true);
    if (wanted) setMounted(true);
    return () => {
      mountHost = null;
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-center" limit={4} />
    </Suspense>
  );
}
