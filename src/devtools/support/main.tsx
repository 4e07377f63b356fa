import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '../timeline/timeline.css'
import './support.css'
import { SupportConsole } from './SupportConsole'

/** support.html, served by the hall at /support: the support console (English or Brazilian Portuguese, i18n.ts). */
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SupportConsole />
  </StrictMode>,
)
