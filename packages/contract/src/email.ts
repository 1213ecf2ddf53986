import { z } from 'zod';
import { EMAIL_CHOICES, EMAIL_DELIVERY, EMAIL_KINDS } from './constants';
import { UI_LANGUAGES } from './locale';
import { fieldSays } from './validation';

const choice = z.enum(EMAIL_CHOICES);

/** Preferences per kind: every kind of EMAIL_KINDS, each immediately / daily / never. */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_KINDS.map((kind) => [kind, choice])) as Record<
    (typeof EMAIL_KINDS)[number],
    typeof choice
  >,
);
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** GET/PUT /api/settings/email: the owner's own email settings (nobody else sees an address). */
export const emailSettingsSchema = z.object({
  delivery: z.enum(EMAIL_DELIVERY),
  /** The address emails go to now (null: none known). */
  address: z.string().nullable(),
  /** The primary verified address GitHub gave at sign-in. */
  githubAddress: z.string().nullable(),
  /** Another address waiting for its owner to click the link sent to it. */
  pendingAddress: z.string().nullable(),
  preferences: emailPreferencesSchema,
  weeklyDigest: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const emailSettingsUpdateSchema = z.object({
  preferences: emailPreferencesSchema.partial().optional(),
  weeklyDigest: z.boolean().optional(),
  /** The interface language emails are written in. */
  language: z.enum(UI_LANGUAGES).optional(),
});
export type EmailSettingsUpdate = z.infer<typeof emailSettingsUpdateSchema>;

/**
 * POST /api/settings/email/address: another address, used once its link is clicked. Addresses
 * are one line (a CR or LF would let a value write mail headers): the service refuses any address
 * that is not plainly one.
 */
export const emailAddressSchema = z.object({
  address: z
    .string(fieldSays('address', 'notText'))
    .trim()
    .min(1, fieldSays('address', 'required'))
    .max(254, fieldSays('address', 'tooLong', { max: 254 })),
});

/** GET /api/email/verify?token=…, POST /api/email/unsubscribe?token=… */
export const emailTokenQuerySchema = z.object({ token: z.string().min(1).max(600) });

/** The one-click unsubscribe's answer. */
export const unsubscribedSchema = z.object({ message: z.string(), key: z.string() });
