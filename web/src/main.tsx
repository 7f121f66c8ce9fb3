import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app'
import { readEmbeddedSite } from './features/site'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App site={readEmbeddedSite()} />
  </StrictMode>,
)
