import { useQuery } from '@tanstack/react-query';
import type { EmailSend } from '#shared/api.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { adminQueryOptions } from './admin-query.ts';

export type EmailSendsLimit = 10 | 100;

export async function getEmailSends(limit: EmailSendsLimit): Promise<EmailSend[]> {
  return (await callApi(API.adminEmailSends, { query: { limit } })).sends;
}

export const emailSendsQueryOptions = (limit: EmailSendsLimit) =>
  adminQueryOptions(['email-sends', limit], () => getEmailSends(limit));

export const useEmailSends = (limit: EmailSendsLimit) => useQuery(emailSendsQueryOptions(limit));
