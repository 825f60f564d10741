/** The name the greeting uses: the first name, or 'there' when the user gave none. */
export const greetingName = (firstName: string) => firstName || 'there';
