/**
 * The confirm dialogs' host, loaded the first time a dialog opens: Mantine's Modal brings a scroll
 * lock and a floating-UI kit that the first screen (say /login) never needs. `openConfirm` is the one
 * way to ask; it mounts the provider, then opens the dialog.
 */
import type { OpenConfirmModal } from '@mantine/modals';
import { lazy, Suspense, useEffect, useState } from 'react';
import { contractText } from '../../src/messages/contract';

const ModalsProvider = lazy(() => import('@mantine/modals').then((m) => ({ default: m.ModalsProvider })));

let mountHost: (() => void) | null = null;
let mounted: Promise<void> | null = null;
let resolveMounted: () => void = () => {};

/** Resolves once the provider is mounted (its `modals.*` events reach it from then on). */
function ensureHost(): Promise<void> {
  if (!mounted) {
    mounted = new Promise((resolve) => {
      resolveMounted = resolve;
    });
    mountHost?.();
  }
  return mounted;
}

/** Opens a confirm dialog (the labels default to the contract's "Đồng ý" and "Huỷ"). */
export function openConfirm(options: OpenConfirmModal): void {
  void ensureHost()
    .then(() => import('@mantine/modals'))
    .then(({ modals }) => modals.openConfirmModal(options));
}

function Mounted() {
  useEffect(() => resolveMounted(), []);
  return null;
}

/** Mounted once at the root; renders nothing until a dialog is asked for. */
export function ModalsHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    mountHost = () => setWanted(true);
    if (mounted) setWanted(true);
    return () => {
      mountHost = null;
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ModalsProvider labels={{ confirm: contractText.agree, cancel: contractText.cancel }}>
        <Mounted />
      </ModalsProvider>
    </Suspense>
  );
}
