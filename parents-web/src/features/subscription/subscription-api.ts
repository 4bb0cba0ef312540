import type {
  CheckoutSessionResponse,
  PortalSessionResponse,
  SubscriptionResponse,
} from '@sprout/shared';
import { baseApi } from '../../app/base-api';

export const subscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<SubscriptionResponse, void>({
      query: () => ({ method: 'GET', path: '/api/parents/subscription' }),
      providesTags: ['Subscription'],
    }),
    cancelSubscription: build.mutation<SubscriptionResponse, void>({
      query: () => ({ method: 'POST', path: '/api/parents/cancel-subscription', body: {} }),
    }),
    createCheckoutSession: build.mutation<CheckoutSessionResponse, void>({
      query: () => ({ method: 'POST', path: '/api/parents/create-checkout-session', body: {} }),
    }),
    createPortalSession: build.mutation<PortalSessionResponse, void>({
      query: () => ({ method: 'POST', path: '/api/parents/create-portal-session', body: {} }),
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useCancelSubscriptionMutation,
  useCreateCheckoutSessionMutation,
  useCreatePortalSessionMutation,
} = subscriptionApi;
