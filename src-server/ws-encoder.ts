/**
 * The websocket wire format is plain JSON (no transformer). A live message fans out to many screens
 * as one shared object inside each subscriber's small tRPC envelope; this encoder serialises the
 * object once (remembered by identity) and writes the envelope around the text.
 */
import type { Encoder } from '@trpc/server/adapters/ws';

const serialised = new WeakMap<object, string>();

/** An object's JSON, serialised the first time it is asked for (remembered by identity). */
export function serialisedOnce(value: object): string {
  let json = serialised.get(value);
  if (json === undefined) {
    json = JSON.stringify(value);
    serialised.set(value, json);
  }
  return json;
}

interface DataEnvelope {
  id?: unknown;
  jsonrpc?: unknown;
  result?: { type?: unknown; id?: unknown; data?: { id?: unknown; data?: unknown } };
}

export const sharedPayloadEncoder: Encoder = {
  encode(message: unknown) {
    const envelope = message as DataEnvelope | null;
    const result = envelope?.result;
    const inner = result?.data?.data;
    if (result?.type !== 'data' || typeof result.id !== 'string' || typeof inner !== 'object' || inner === null) {
      return JSON.stringify(message);
    }
    const json = serialisedOnce(inner);
    const id = JSON.stringify(result.id);
    const rpc = envelope!.jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(envelope!.jsonrpc)}`;
    return `{"id":${JSON.stringify(envelope!.id)}${rpc},"result":{"type":"data","id":${id},"data":{"id":${id},"data":${json}}}}`;
  },
  decode(data: string | ArrayBuffer | Uint8Array) {
    if (typeof data === 'string') return JSON.parse(data);
    return JSON.parse(Buffer.from(data as Uint8Array).toString('utf8'));
  },
};
