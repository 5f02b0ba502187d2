/**
 * The websocket wire format is plain JSON (no transformer). A realtime event fans out to every
 * screen as the same payload object inside a per-subscriber envelope; this encoder serialises that
 * payload once and reuses the text for every envelope.
 */
import type { Encoder } from '@trpc/server/adapters/ws';
import { isShared } from './features/system/join';

const PLACEHOLDER = '__hoithi_shared_payload__';
const serialised = new WeakMap<object, string>();

interface Envelope {
  result?: { type?: string; data?: { id?: unknown; data?: unknown } };
}

export const sharedPayloadEncoder: Encoder = {
  encode(message: unknown) {
    const inner = (message as Envelope | null)?.result?.data?.data;
    if ((message as Envelope).result?.type !== 'data' || !isShared(inner)) return JSON.stringify(message);
    let json = serialised.get(inner);
    if (json === undefined) {
      json = JSON.stringify(inner);
      serialised.set(inner, json);
    }
    const envelope = message as Required<Envelope> & Record<string, unknown>;
    const outer = JSON.stringify({ ...envelope, result: { ...envelope.result, data: { ...envelope.result.data, data: PLACEHOLDER } } });
    return outer.replace(`"${PLACEHOLDER}"`, () => json);
  },
  decode(data: string | ArrayBuffer | Uint8Array) {
    if (typeof data === 'string') return JSON.parse(data);
    return JSON.parse(Buffer.from(data as Uint8Array).toString('utf8'));
  },
};
