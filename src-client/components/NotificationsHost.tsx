/**
 * The toasts' host. Mantine's Notifications (with their transition kit) are not part of a screen's
 * first load: they load when the browser is first idle, or with the first toast if that comes
 * sooner (Mantine's store keeps the toast until the host shows it). `showToast` is the one way to
 * show one.
 */
import type { NotificationData } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { appText } from '../../src/messages/app';
import { chunkLoader, whenIdle } from './loadLater';

const loadNotifications = chunkLoader(() => import('./notificationsModule'));
type NotificationsModule = Awaited<ReturnType<typeof loadNotifications>>;

let mountHost: ((module: NotificationsModule) => void) | null = null;

export function showToast(data: NotificationData): void {
  loadNotifications().then(
    (module) => {
      mountHost?.(module);
      // The close button is an icon: it is named for screen readers (axe counts a nameless one as critical).
      module.notifications.show({ ...data, closeButtonProps: { 'aria-label': appText.closeDialog, ...data.closeButtonProps } });
    },
    (error: unknown) => console.error('Toast not shown (its code could not load):', data.message, error),
  );
}

/** Mounted once at the root: toasts at the bottom, four at most. */
export function NotificationsHost() {
  const [module, setModule] = useState<NotificationsModule | null>(null);
  useEffect(() => {
    mountHost = setModule;
    whenIdle(() => {
      loadNotifications().then(
        (loaded) => mountHost?.(loaded),
        () => {},
      );
    });
    return () => {
      mountHost = null;
    };
  }, []);
  if (!module) return null;
  return <module.Notifications position="bottom-center" limit={4} />;
}
