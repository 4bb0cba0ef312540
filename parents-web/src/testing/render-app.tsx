import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { App } from '../app/App';
import { makeStore, type RootState } from '../app/store';

let currentLocation = '';

function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}

/** Renders the whole app at a path with a fresh store; `location()` reads where it is now. */
export function renderApp(
  path: string,
  options: { fakeTimers?: boolean; preloadedState?: Partial<RootState> } = {},
) {
  const user = options.fakeTimers
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : userEvent.setup();
  const store = makeStore(options.preloadedState);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <LocationProbe />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, user, store, location: () => currentLocation };
}
