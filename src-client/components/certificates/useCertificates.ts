/**
 * The certificates' list, asked for only once the whole event's results are locked (the server
 * refuses it before, and a refused request is an error in the browser's console): `refusal` says why
 * there is nothing to print yet.
 */
import { useQuery } from '@tanstack/react-query';
import { certificatesText } from '../../../src/messages/certificates';
import { errorMessage, useTRPC } from '../../trpc';

export function useCertificates() {
  const trpc = useTRPC();
  const locks = useQuery(trpc.results.locks.queryOptions());
  const locked = locks.data?.locks.some((lock) => lock.round === null) ?? false;
  const list = useQuery(trpc.certificates.list.queryOptions(undefined, { retry: false, enabled: locked }));
  const refusal = list.error ? errorMessage(list.error) : locks.data && !locked ? certificatesText.notLocked : null;
  return { data: list.data, refusal };
}
