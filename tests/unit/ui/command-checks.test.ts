import { describe, expect, it } from 'vitest'
import { COMMAND_CHECKS } from '../../../src/ui/validation'

/**
 * The withdraw forms check the withdraw password before they submit (spec §5: 6 digits): the
 * commands get it as a Secret they cannot read, so the view's check is the only one before the hall.
 */
describe('command form checks', () => {
  it('the withdrawal, the account deletion and the password check refuse a PIN that is not 6 digits', () => {
    const withdraw = COMMAND_CHECKS['withdrawCash']!
    const remove = COMMAND_CHECKS['deleteAccount']!
    const verify = COMMAND_CHECKS['verifyWithdrawPass']!
    expect([withdraw({ withdraw_pass: '12345' }), withdraw({ withdraw_pass: '12345a' }), withdraw({ withdraw_pass: '123456' })]).toEqual(['errors.pinDigits', 'errors.pinDigits', null])
    expect([remove({ id: 7, withdraw_pass: '1234567' }), remove({ id: 7, withdraw_pass: '654321' })]).toEqual(['errors.pinDigits', null])
    expect([verify({ withdrawPass: '' }), verify({ withdrawPass: '000000' })]).toEqual(['errors.pinDigits', null])
  })

  it('a command without a check of its own has none', () => {
    expect(COMMAND_CHECKS['bindCard']).toBeUndefined()
  })
})
