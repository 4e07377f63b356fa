import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { avatarCommand, avatarsActor, bindCpfCommand, modifyInfoCommand, profileActor } from '../../../actors/account'
import { selectCurrency } from '../../../actors/session'
import { selectRealNameMustUppercase } from '../../../actors/site'
import type { ProfileInfo } from '../../../schemas/hall/calls/account-own'
import { useActor, useCommand, useQuery, useSend } from '../../system-react'
import { birthday, cpf, displayName, realName } from '../../ui/validation'
import { Field, FormAlert } from '../auth/Field'
import { useForm } from '../auth/use-form'
import { PageFrame } from '../pages/PageFrame'
import './account.css'

/** Today as YYYY-MM-DD on the player's clock (a birthday is not after it). */
const todayOf = (): string => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * The personal page (screens §2 /home/personal): the avatar chosen from the hall's (avatars,
 * updateUserAvatars), the display name, real name (in capitals where the site says
 * realNameMustUppercase) and birthday (settings/modifyinfo), and on the Brazilian sites the CPF,
 * bound once (bindCpf). A change shows in the header at once (the profile is read again).
 */
export const PersonalPage = () => {
  const { t } = useTranslation('account')
  const { t: shell } = useTranslation()
  const send = useSend()
  const profile = useQuery(profileActor)
  useEffect(() => send({ type: 'account.opened' }), [send])
  return (
    <PageFrame title={shell('route.personal')}>
      {profile.data === null ? (
        <p role="status">{t('security.loading')}</p>
      ) : (
        <div className="personal">
          <AvatarPicker current={profile.data.portrait_id} />
          <ProfileForm key={`${profile.data.platfromid}|${profile.data.realName}|${profile.data.birthday}`} profile={profile.data} />
          <EmailRow email={profile.data.email} />
          <CpfForm profile={profile.data} />
        </div>
      )}
    </PageFrame>
  )
}

const AvatarPicker = ({ current }: { current: number }) => {
  const { t } = useTranslation('account')
  const list = useQuery(avatarsActor).data
  const cmd = useCommand(avatarCommand)
  if (list === null) return null
  return (
    <fieldset className="personal__avatars">
      <legend>{t('personal.avatar')}</legend>
      <div className="personal__avatar-grid" role="radiogroup" aria-label={t('personal.avatar')}>
        {list.map((a) => (
          <button
            key={a.id}
            type="button"
            role="radio"
            aria-checked={a.id === current}
            aria-label={t('personal.avatarN', { n: a.id })}
            className={`personal__avatar${a.id === current ? ' personal__avatar--current' : ''}`}
            disabled={cmd.view.status === 'submitting'}
            onClick={() => a.id !== current && cmd.submit({ portrait_id: a.id })}
          >
            <img src={a.url} alt="" />
          </button>
        ))}
      </div>
    </fieldset>
  )
}

const ProfileForm = ({ profile }: { profile: ProfileInfo }) => {
  const { t } = useTranslation('account')
  const upper = useActor('site', selectRealNameMustUppercase)
  const cmd = useCommand(modifyInfoCommand)
  const busy = cmd.view.status === 'submitting'
  const [saved, setSaved] = useState(false)
  useEffect(() => setSaved(cmd.view.status === 'succeeded'), [cmd.view.status])
  const form = useForm({
    busy,
    initial: { platfromid: profile.platfromid, realName: profile.realName, birthday: profile.birthday },
    rules: () => ({
      platfromid: displayName,
      realName: (v: string) => (v === '' && profile.realName === '' ? null : realName(upper)(v)),
      birthday: (v: string) => (v === '' && profile.birthday === '' ? null : birthday(todayOf())(v)),
    }),
    labels: { platfromid: t('field.displayName'), realName: t('field.realName'), birthday: t('field.birthday') },
    onSubmit: (v) =>
      cmd.submit({
        ...(v.platfromid.trim() !== profile.platfromid ? { platfromid: v.platfromid.trim() } : {}),
        ...(v.realName !== profile.realName ? { realName: v.realName } : {}),
        ...(v.birthday !== profile.birthday ? { birthday: v.birthday } : {}),
      }),
  })
  return (
    <form className="account-form personal__form" noValidate onSubmit={form.submit} aria-busy={busy}>
      {saved && <p className="personal__saved" role="status">{t('flow.done')}</p>}
      <FormAlert text={cmd.view.status === 'failed' && cmd.view.error?._tag === 'ServiceCode' ? t('flow.failed') : null} />
      <Field label={t('field.displayName')} value={form.values.platfromid} onValue={form.set('platfromid')} error={form.error('platfromid')} inputRef={form.register('platfromid')} autoComplete="nickname" />
      <Field
        label={t('field.realName')}
        {...(upper ? { hint: t('personal.upperHint') } : {})}
        value={form.values.realName}
        onValue={form.set('realName')}
        error={form.error('realName')}
        inputRef={form.register('realName')}
        autoComplete="name"
      />
      <Field label={t('field.birthday')} type="date" value={form.values.birthday} onValue={form.set('birthday')} error={form.error('birthday')} inputRef={form.register('birthday')} max={todayOf()} />
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        {t('action.save')}
      </button>
    </form>
  )
}

/**
 * The email, masked as the hall gives it, and the way to bind or change it: the security centre
 * with the email's form open (query current 1, from=bindModal; a change asks a code to the old
 * address first).
 */
const EmailRow = ({ email }: { email: string }) => {
  const { t } = useTranslation('account')
  const send = useSend()
  return (
    <p className="personal__email" data-testid="personal-email">
      <span>{t('security.item.email')}:</span>
      <span>{email === '' ? t('security.state.unbound') : email}</span>
      <button type="button" className="button button--ghost button--small" onClick={() => send({ type: 'nav.requested', name: 'security', query: { current: '1', from: 'bindModal' } })}>
        {t(email === '' ? 'personal.bindEmail' : 'personal.changeEmail')}
      </button>
    </p>
  )
}

/** The CPF of the Brazilian sites (their players' currency is BRL), bound once. */
const CpfForm = ({ profile }: { profile: ProfileInfo }) => {
  const { t } = useTranslation('account')
  const currency = useActor('session', selectCurrency)
  const cmd = useCommand(bindCpfCommand)
  const busy = cmd.view.status === 'submitting'
  const form = useForm({
    busy,
    initial: { cpf: '' },
    rules: () => ({ cpf }),
    labels: { cpf: t('field.cpf') },
    onSubmit: (v) => cmd.submit({ cpf: v.cpf }),
  })
  if (currency !== 'BRL' && profile.cpf === '') return null
  if (profile.cpf !== '') {
    return (
      <p className="personal__cpf" data-testid="cpf-bound">
        {t('field.cpf')}: <span>{profile.cpf}</span>
      </p>
    )
  }
  return (
    <form className="account-form personal__form" noValidate onSubmit={form.submit} aria-busy={busy}>
      <FormAlert text={cmd.view.status === 'failed' && cmd.view.formError !== null ? t(cmd.view.formError) : null} />
      <Field label={t('field.cpf')} value={form.values.cpf} onValue={(v) => form.set('cpf')(v.replace(/\D/g, '').slice(0, 11))} error={form.error('cpf')} inputRef={form.register('cpf')} inputMode="numeric" autoComplete="off" />
      <button type="submit" className="button button--primary" aria-disabled={busy}>
        {t('action.bindCpf')}
      </button>
    </form>
  )
}
