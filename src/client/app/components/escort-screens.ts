/**
 * The escort screens in one module, so the /map route and the dashboard's Escort Mode dialog download one chunk:
 * two chunks would share the journeys code through a third, and the bundler then moves first-download modules
 * that code uses into extra chunks, growing the first download (README, "Bundle budget").
 */
export { EscortDialog, type EscortDialogProps } from './escort-dialog';
export { EscortMapRoute } from '../routes/escort-map';
