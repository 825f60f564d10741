/** A schema's verdict as the user reads it: the messages of a failed parse, none for a success. */
export const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);
