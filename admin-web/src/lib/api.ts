/**
 * The suite's two API clients: one carries the admin's token, the other the test child's token
 * (from the second Firebase app). A test tool reports a 401 in its row instead of ending the
 * session, so neither client has session-expiry handling.
 */
import { createApiClient } from '@sprout/shared';
import { getIdToken, getKidToken } from './firebase';

export const adminApi = createApiClient({ getToken: getIdToken });
export const kidApi = createApiClient({ getToken: getKidToken });
