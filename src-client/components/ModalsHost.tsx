/**
 * The confirm dialogs' host. Mantine's Modal brings a scroll lock and a floating-UI kit that a
 * screen's first picture (say /login) never needs: it loads when the browser is first idle, or with
 * the first dialog if that comes sooner. `openConfirm` is the one way to ask.
 */
import type { OpenConfirmModal } from '@mantine/modals';
import { type ReactNode, useEffect } from 'react';
import { contractText } from '../../src/messages/contract';
import { lazyHost, useLazyHost } from './loadLater';

const host = lazyHost(() => import('./modalsModule'));

let hostReady: (() => void) | null = null;
/** Whether the provider is mounted (and listening for `modals.*` events). */
let mounted = false;

/** Opens a confirm dialog (the labels default to the contract's "Đồng ý" and "Huỷ"). */
export function openConfirm(options: OpenConfirmModal): void {
  host.load().then(
    (module) => {
      if (mounted) module.modals.openConfirmModal(options);
      else {
        // The provider hears `modals.*` events once it has mounted.
        hostReady = () => module.modals.openConfirmModal(options);
        host.show(module);
      }
    },
    (error: unknown) => console.error('Dialog not opened (its code could not load):', error),
  );
}

function Mounted({ children }: { children?: ReactNode }) {
  useEffect(() => {
    mounted = true;
    // After this commit's effects, the provider's own (which starts listening) included.
    const timer = window.setTimeout(() => {
      hostReady?.();
      hostReady = null;
    });
    return () => {
      window.clearTimeout(timer);
      mounted = false;
    };
  }, []);
  return children ?? null;
}

/** Mounted once at the root; renders nothing until its code has loaded. */
export function ModalsHost() {
  const module = useLazyHost(host);
  if (!module) return null;
  return (
    <module.ModalsProvider labels={{ confirm: contractText.agree, cancel: contractText.cancel }}>
      <Mounted />
    </module.ModalsProvider>
  );
}
