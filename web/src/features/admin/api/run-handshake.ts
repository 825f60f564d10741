import { useMutation } from '@tanstack/react-query';
import type { HandshakeResult } from '#shared/api.ts';
import { apiFetch } from '../../../api/client.ts';

/** 'Run handshake': SES GetAccount and the sending identity, on demand. */
export function runHandshake(): Promise<HandshakeResult> {
  return apiFetch<HandshakeResult>('/api/admin/handshake');
}

export function useHandshake() {
  return useMutation({ mutationFn: runHandshake });
}
