/**
 * @panzoom/panzoom's package says "type": "module" yet its "main" is a UMD file, which Node (hence the
 * unit tests) then loads as an ES module with no exports. The inspector imports the ES build by path;
 * its types are the package's own.
 */
declare module '@panzoom/panzoom/dist/panzoom.es.js' {
  export * from '@panzoom/panzoom';
  export { default } from '@panzoom/panzoom';
}
