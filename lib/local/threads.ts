/**
 * A worker thread does not inherit tsx's loader, so it starts from a line of plain JavaScript that
 * loads tsx's API and imports the TypeScript module through it.
 */
export function tsWorkerBoot(module: URL): string {
  return `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(
    module.href,
  )}, ${JSON.stringify(import.meta.url)}))`;
}
