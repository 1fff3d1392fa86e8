/** What other features may use of locations on the query side: the directory's filter, so a command can act on exactly the rows an admin sees. */
export { directoryFilter } from './directory';
