import { useState } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { appRoutes } from './route-tree'
import { keyFirstEntry } from './scroll-manager'

export function AppRouter() {
  const [router] = useState(() => {
    keyFirstEntry()
    return createBrowserRouter(appRoutes())
  })
  return <RouterProvider router={router} />
}
