import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { routeTable } from './router';

const router = createBrowserRouter(routeTable);

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
