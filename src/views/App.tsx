import { BootGate, SiteSummary } from './boot/BootGate'

/** The lobby: the boot gate, then the shell. */
export const App = () => (
  <BootGate>
    <SiteSummary />
    <main className="home" aria-label="Lobby">
      <h1 className="visually-hidden">Lobby</h1>
    </main>
  </BootGate>
)
