/** Logout with the contract's confirmation: on "Đồng ý" the session ends, the user is cleared, and the browser goes to /. */
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { contractText } from '../../src/messages/contract';
import { openConfirm } from '../components/ModalsHost';
import { notifyError } from '../components/notify';
import { reconnectSocket, trpcClient } from '../trpc';
import { clearLiveEvents } from './liveEvents';
import { setCurrentUser } from './useSystemState';

export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();

  const logout = useCallback(async () => {
    try {
      await trpcClient.auth.logout.mutate({});
    } catch (error) {
      notifyError(contractText.logoutFailed, error);
      return;
    }
    setCurrentUser(queryClient, null);
    clearLiveEvents();
    reconnectSocket();
    navigate('/');
  }, [queryClient, navigate]);

  return useCallback(() => {
    openConfirm({
      title: <Text fw={700}>{contractText.logoutTitle}</Text>,
      children: contractText.logoutText,
      labels: { confirm: contractText.agree, cancel: contractText.cancel },
      confirmProps: { color: 'red' },
      centered: true,
      onConfirm: () => void logout(),
    });
  }, [logout]);
}
