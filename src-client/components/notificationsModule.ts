/** Mantine's toasts with their styles: loaded together, after the first picture (NotificationsHost). */
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

export * from '@mantine/notifications';
