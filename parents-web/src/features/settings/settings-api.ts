import type {
  AddChildRequest,
  AllowedModesResponse,
  Child,
  ChildMode,
  MessageResponse,
  ParentPreferences,
  UpdateChildRequest,
} from '@sprout/shared';
import { baseApi } from '../../app/base-api';

const childPath = (uid: string) => `/api/parents/children/${encodeURIComponent(uid)}`;

export const settingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPreferences: build.query<ParentPreferences, void>({
      query: () => ({ method: 'GET', path: '/api/parents/preferences' }),
      providesTags: ['Preferences'],
    }),
    setPreferences: build.mutation<ParentPreferences, ParentPreferences>({
      query: (body) => ({ method: 'POST', path: '/api/parents/preferences', body }),
    }),
    getAllowedModes: build.query<AllowedModesResponse, string>({
      query: (uid) => ({ method: 'GET', path: `${childPath(uid)}/allowed-modes` }),
      providesTags: (_result, _error, uid) => [{ type: 'Modes', id: uid }],
    }),
    setAllowedModes: build.mutation<AllowedModesResponse, { uid: string; modes: ChildMode[] }>({
      query: ({ uid, modes }) => ({
        method: 'PUT',
        path: `${childPath(uid)}/allowed-modes`,
        body: { modes },
      }),
    }),
    addChild: build.mutation<Child, AddChildRequest>({
      query: (body) => ({ method: 'POST', path: '/api/parents/add-child', body }),
      invalidatesTags: ['Children'],
    }),
    updateChild: build.mutation<Child, Child>({
      query: (child) => ({
        method: 'PUT',
        path: childPath(child.uid),
        body: child satisfies UpdateChildRequest,
      }),
      invalidatesTags: ['Children'],
    }),
    deleteChild: build.mutation<MessageResponse, string>({
      query: (uid) => ({ method: 'DELETE', path: childPath(uid) }),
      invalidatesTags: ['Children', 'Logs', 'Stats'],
    }),
    resetChildPassword: build.mutation<MessageResponse, { uid: string; password: string }>({
      query: ({ uid, password }) => ({
        method: 'PUT',
        path: `${childPath(uid)}/reset-password`,
        body: { password },
      }),
    }),
  }),
});

export const {
  useGetPreferencesQuery,
  useSetPreferencesMutation,
  useGetAllowedModesQuery,
  useSetAllowedModesMutation,
  useAddChildMutation,
  useUpdateChildMutation,
  useDeleteChildMutation,
  useResetChildPasswordMutation,
} = settingsApi;
