import { useTranslation } from 'react-i18next'
import { avatarsActor, profileActor } from '../../../actors/account'
import { selectDisplayName, selectIsLoggedIn } from '../../../actors/session'
import { useActor, useQuery } from '../../system-react'
import { useNavigate } from '../routing/nav-hooks'
import './profile-chip.css'

/** The avatar and display name in the header: the profile's once read, the sign-in's until then. Goes to the personal page. */
export const ProfileChip = ({ desktop }: { desktop: boolean }) => {
  const { t } = useTranslation('account')
  const navigate = useNavigate()
  const real = useActor('session', selectIsLoggedIn)
  const signedName = useActor('session', selectDisplayName)
  const profile = useQuery(profileActor).data
  const avatars = useQuery(avatarsActor).data
  if (!real) return null
  const name = profile?.platfromid ?? signedName ?? ''
  const url = profile === null ? undefined : avatars?.find((a) => a.id === profile.portrait_id)?.url
  return (
    <button type="button" className="profile-chip" data-testid="profile-chip" aria-label={t('personal.open', { name })} onClick={() => navigate('personal')}>
      {url !== undefined ? (
        <img className="profile-chip__avatar" src={url} alt="" data-avatar={profile?.portrait_id} />
      ) : (
        // The initial is drawn by CSS (attr), so the chip's visible text is the name alone and its label contains it.
        <span className="profile-chip__avatar profile-chip__avatar--letter" aria-hidden="true" data-letter={name.slice(0, 1).toUpperCase()} />
      )}
      {desktop && <span className="profile-chip__name">{name}</span>}
    </button>
  )
}
