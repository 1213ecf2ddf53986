import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, EmailSettingsUpdate } from '@repolog/contract/email';
import { api } from '../../../lib/api-client';

/** Query keys of the signed-in person's email settings. */
export const emailKeys = {
  all: ['email-settings'] as const,
  settings: () => [...emailKeys.all, 'mine'] as const,
};

/** GET /api/settings/email: the owner's own address and preferences. */
export const getEmailSettings = () => api<EmailSettings>('/api/settings/email');

export const emailSettingsQuery = queryOptions({
  queryKey: emailKeys.settings(),
  queryFn: getEmailSettings,
});

/** PUT /api/settings/email: preferences, the weekly digest, the emails' language. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: EmailSettingsUpdate) =>
      api<EmailSettings>('/api/settings/email', { method: 'PUT', body: update }),
    // The choice shows at once; a refusal puts back what the server has.
    // Set before anything is awaited, so the control shows the new state on the same click.
    onMutate: (update) => {
      void queryClient.cancelQueries({ queryKey: emailSettingsQuery.queryKey });
      queryClient.setQueryData<EmailSettings>(emailSettingsQuery.queryKey, (old) =>
        old
          ? {
              ...old,
              preferences: { ...old.preferences, ...update.preferences },
              weeklyDigest: update.weeklyDigest ?? old.weeklyDigest,
            }
          : old,
      );
    },
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsQuery.queryKey, settings),
    onError: () => void queryClient.invalidateQueries({ queryKey: emailSettingsQuery.queryKey }),
  });
}

/** POST /api/settings/email/address: sends a confirmation link to another address. */
export function useRequestAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: string) =>
      api<EmailSettings>('/api/settings/email/address', { method: 'POST', body: { address } }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsQuery.queryKey, settings),
  });
}
