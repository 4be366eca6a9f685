/** Parts of a messages file (`locales/fr.json?only=…&messages`, vite.config.ts messageParts). */
declare module "*&messages" {
  const messages: Record<string, unknown>;
  export default messages;
}
