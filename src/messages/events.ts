/** messages.eventsAdmin: the events screen (/user/events), the installation's contests. */
export const eventsText = {
  /** The title of a contest whose settings were never saved. */
  untitled: 'Cuộc thi chưa đặt tên',
} as const;
