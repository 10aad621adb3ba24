// Kept for routes/files.ts until it takes its schemas from @momentos/api-contract like the other routes.
export { ErrorBody as errorResponse } from '@momentos/api-contract';
