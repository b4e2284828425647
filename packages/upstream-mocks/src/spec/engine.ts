// Everything the spec layer needs at request time, behind one dynamic import (see loadEngine).
export { declaredErrorBody } from './error-body.js';
export { checkRequest } from './request-check.js';
export { checkResponse } from './response-check.js';
export { misroutedPath, resolveOperation, synthesize } from './synthesize.js';
