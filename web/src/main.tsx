import { StrictMode } from 'react'
import { setNonce } from 'get-nonce'
import { createRoot } from 'react-dom/client'
import './index.css'
import { App } from './app'
import { readEmbeddedSite } from './features/site'

// The page's style nonce (the server's content security policy names it), for
// the <style> element the dialogs' scroll lock adds.
const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content')
if (nonce) setNonce(nonce)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App site={readEmbeddedSite()} />
  </StrictMode>,
)
