/**
 * The toasts' host. Mantine's Notifications (with their transition kit) are not part of a screen's
 * first load: they load when the browser is first idle, or with the first toast if that comes
 * sooner (Mantine's store keeps the toast until the host shows it). `showToast` is the one way to
 * show one.
 */
import type { NotificationData } from '@mantine/notifications';
import { appText } from '../../src/messages/app';
import { lazyHost, useLazyHost } from './loadLater';

const host = lazyHost(() => import('./notificationsModule'));

export function showToast(data: NotificationData): void {
  host.load().then(
    (module) => {
      host.show(module);
      // The close button is an icon: it is named for screen readers (axe counts a nameless one as critical).
      module.notifications.show({ ...data, closeButtonProps: { 'aria-label': appText.closeDialog, ...data.closeButtonProps } });
    },
    (error: unknown) => console.error('Toast not shown (its code could not load):', data.message, error),
  );
}

/** Mounted once at the root: toasts at the bottom, four at most. */
export function NotificationsHost() {
  const module = useLazyHost(host);
  if (!module) return null;
  return <module.Notifications position="bottom-center" limit={4} />;
}
