/** Values the build writes into the code (web/vite.config.ts `define`). */
interface ImportMetaEnv {
  /** The year of the build: the footer's copyright year, the same in the prerendered HTML and the app. */
  readonly BUILD_YEAR: string;
}
