import { useEffect, useRef } from 'react'
import { saveUrlUuidOf, taskSaveAddressActor } from '../../../actors/tasks'
import { useCommand } from '../../system-react'
import { useNavSearch } from '../routing/nav-hooks'
import { useSessionView } from '../shell/session-view'

/**
 * The saved task address (spec screens §2): when the lobby is initialised, a real player is
 * signed in and the URL's query carries `saveUrlUuid` as a single string, it is reported once
 * (task_save_address, actionType 2). Renders nothing.
 */
export const SaveTaskAddress = () => {
  const search = useNavSearch()
  const { real } = useSessionView()
  const save = useCommand(taskSaveAddressActor)
  const reported = useRef<string | null>(null)
  const address = saveUrlUuidOf(search)
  useEffect(() => {
    if (!real || address === null || reported.current === address) return
    reported.current = address
    save.submit({ address, actionType: 2 })
  }, [real, address, save])
  return null
}
