/** The account's schemas: signing up and in, passwords, and the profile's settings. */
import * as z from 'zod';
import { COUNTRY_CODES, TIMEZONES } from '../locales.ts';
import { SHARED_MAIL_CHOICES } from '../reminder/sharing.ts';
import { MESSAGES, NAME_MAX, PASSWORD_MIN, personName } from './fields.ts';

/** An e-mail address as every form takes it. */
export const emailSchema = z.string().trim().email(MESSAGES.invalidEmail);
const email = emailSchema;
export const firstNameSchema = personName(
  z.string().trim().min(1, MESSAGES.firstNameRequired).max(NAME_MAX, MESSAGES.firstNameMax),
  MESSAGES.firstNameRequired,
);
export const lastNameSchema = personName(z.string().trim().max(NAME_MAX, MESSAGES.lastNameMax));
const firstName = firstNameSchema;
const lastName = lastNameSchema;
/** Only the offered countries and time zones: they name counters and drive mail times. */
export const countrySchema = z
  .string()
  .trim()
  .min(2, MESSAGES.countryRequired)
  .pipe(z.enum(COUNTRY_CODES, { error: MESSAGES.countryInvalid }));
export const timezoneSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.timezoneRequired)
  .pipe(z.enum(TIMEZONES, { error: MESSAGES.timezoneInvalid }));
const country = countrySchema;

/** A password the user chooses: the same rule at sign-up, password reset and password change. */
export const newPasswordSchema = z.string().min(PASSWORD_MIN, MESSAGES.passwordMin);

export const signUpSchema = z.object({
  email,
  password: newPasswordSchema,
  first_name: firstName,
  last_name: lastName.optional().default(''),
  country,
  marketing_consent: z.boolean().default(false),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: z.string().min(1, MESSAGES.passwordRequired),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** 'Forgot password?': the address the reset code goes to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The second step of a reset: the mailed code (spaces pasted with it are dropped) and the new password. */
export const resetPasswordSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().min(1, MESSAGES.codeRequired)),
  new_password: newPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** Settings' 'Change Password': the current password is only checked by Cognito. */
export const changePasswordSchema = z.object({
  current_password: z.string().min(1, MESSAGES.currentPasswordRequired),
  new_password: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const profileUpdateSchema = z.object({
  first_name: firstName,
  last_name: lastName.optional().default(''),
  country,
  timezone: timezoneSchema,
  marketing_consent: z.boolean(),
  /** Reminder e-mails on or off; left as it is when absent. */
  reminder_emails: z.boolean().optional(),
  /** One mail per renewal instead of a digest; left as it is when absent. */
  email_per_renewal: z.boolean().optional(),
  /** 'Remind me about shared renewals'; left as it is when absent. */
  shared_reminder_mails: z.enum(SHARED_MAIL_CHOICES).optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
