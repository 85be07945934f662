export { AppError, toAppError, type AppErrorOptions } from './app-error.js';
export { ERROR_CATALOG, isErrorCode, type ErrorCode } from './catalog.js';
