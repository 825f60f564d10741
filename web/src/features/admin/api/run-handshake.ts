import { useMutation } from '@tanstack/react-query';
import type { HandshakeResult } from '#shared/admin.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

/** 'Run handshake': SES GetAccount and the sending identity, on demand. */
export function runHandshake(): Promise<HandshakeResult> {
  return callApi(API.adminHandshake);
}

export function useHandshake() {
  return useMutation({ mutationFn: runHandshake });
}
